import { posterPdf, renderPoster, type PosterContent } from './poster.renderer.js';
import { renderShareCard, renderSiteCard, type ShareCardContent } from './share-card.renderer.js';

// What the drawing threads of the render pool run: satori's layout, resvg's paint and the poster's
// PDF, all off the gateway's event loop.

export type RenderTask =
  | { kind: 'poster'; content: PosterContent; title: string }
  | { kind: 'share-card'; content: ShareCardContent }
  | { kind: 'site-card' };

export interface RenderResult {
  png: Uint8Array;
  /** The poster's PDF; cards have none. */
  pdf?: Uint8Array;
  /** How long drawing took on the drawing thread. */
  renderMs: number;
}

export default async function render(task: RenderTask): Promise<RenderResult> {
  const started = performance.now();
  switch (task.kind) {
    case 'poster': {
      const drawn = await renderPoster(task.content);
      const pdf = await posterPdf(drawn, task.title);
      return { png: drawn.png, pdf, renderMs: performance.now() - started };
    }
    case 'share-card':
      return { png: await renderShareCard(task.content), renderMs: performance.now() - started };
    case 'site-card':
      return { png: await renderSiteCard(), renderMs: performance.now() - started };
  }
}
