import { renderAsync } from '@resvg/resvg-js';
import { colorTokens, theMarathon } from '@runpledge/contracts';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import QRCode from 'qrcode';
import satori from 'satori';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { drawableText, loadAdditionalAsset, loadFonts } from './drawing-fonts.js';
import { clamp, h, logo, type Node } from './drawing.js';

const deflateAsync = promisify(deflate);

/** A4 portrait at 150 dpi: 210 × 297 mm. */
export const POSTER_WIDTH = 1240;
export const POSTER_HEIGHT = 1754;
/** A4 in PDF points (1/72 in). */
export const A4_POINTS = { width: 595.28, height: 841.89 } as const;

/** What the race-day poster shows, already in words. */
export interface PosterContent {
  name: string;
  marathonName: string;
  /** e.g. "Sunday, October 11, 2026". */
  marathonDate: string;
  /** What the QR code opens: the page's full URL. */
  pageUrl: string;
  /** The page's address without the scheme, printed under the code. */
  pageAddress: string;
}

/** The page's URL as a QR code drawn in SVG (error correction M, 4-module quiet zone). */
export function qrCode(url: string, size: number): Node {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
  }
  const span = modules.size + 8;
  return h(
    'svg',
    { width: size, height: size, viewBox: `-4 -4 ${span} ${span}`, 'shape-rendering': 'crispEdges' },
    h('rect', { x: -4, y: -4, width: span, height: span, fill: colorTokens.white }),
    h('path', { d, fill: colorTokens.neutral[900] }),
  );
}

function poster(c: PosterContent): Node {
  const name = drawableText(c.name, 'A RunPledge runner');
  const marathon = drawableText(c.marathonName, 'marathon');
  const nameSize = name.length > 40 ? 72 : name.length > 22 ? 92 : 116;
  return h(
    'div',
    {
      style: {
        width: POSTER_WIDTH,
        height: POSTER_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        fontFamily: 'Inter',
        backgroundColor: colorTokens.white,
        color: colorTokens.neutral[900],
      },
    },
    // Header: the brand on the cards' dark gradient.
    h(
      'div',
      {
        style: {
          display: 'flex',
          flexDirection: 'column',
          padding: '72px 96px 80px',
          color: colorTokens.white,
          backgroundColor: colorTokens.brand[900],
          backgroundImage: `linear-gradient(135deg, ${colorTokens.brand[950]} 0%, ${colorTokens.brand[800]} 55%, ${colorTokens.brand[700]} 100%)`,
        },
      },
      h(
        'div',
        { style: { display: 'flex', alignItems: 'center' } },
        logo(72),
        h(
          'div',
          { style: { display: 'flex', marginLeft: 20, fontSize: 48, fontWeight: 800 } },
          h('span', {}, 'Run'),
          h('span', { style: { color: colorTokens.accent[300] } }, 'Pledge'),
        ),
      ),
      h(
        'div',
        { style: { display: 'flex', marginTop: 72, fontSize: 44, fontWeight: 600, color: colorTokens.accent[300] } },
        'Cheer me on!',
      ),
      h(
        'div',
        {
          style: {
            marginTop: 16,
            fontSize: nameSize,
            fontWeight: 800,
            lineHeight: 1.05,
            letterSpacing: -2,
            ...clamp(2),
          },
        },
        name,
      ),
      h(
        'div',
        {
          style: {
            marginTop: 28,
            fontSize: 52,
            fontWeight: 600,
            color: colorTokens.brand[100],
            lineHeight: 1.2,
            ...clamp(2),
          },
        },
        `Running ${theMarathon(marathon)}`,
      ),
      h(
        'div',
        { style: { display: 'flex', marginTop: 20, fontSize: 40, color: colorTokens.brand[200] } },
        c.marathonDate,
      ),
    ),
    // The code, large enough to scan from a few metres away.
    h(
      'div',
      {
        style: {
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          flexGrow: 1,
          justifyContent: 'center',
        },
      },
      h(
        'div',
        { style: { display: 'flex', padding: 24, borderRadius: 32, border: `6px solid ${colorTokens.brand[200]}` } },
        qrCode(c.pageUrl, 600),
      ),
      h(
        'div',
        { style: { display: 'flex', marginTop: 40, fontSize: 44, fontWeight: 600, color: colorTokens.brand[900] } },
        'Scan to follow my training and support my cause',
      ),
      h(
        'div',
        {
          style: {
            marginTop: 20,
            fontSize: 48,
            fontWeight: 800,
            color: colorTokens.brand[700],
            maxWidth: 1050,
            ...clamp(1),
          },
        },
        c.pageAddress,
      ),
    ),
    h('div', { style: { display: 'flex', height: 28, backgroundColor: colorTokens.accent[400] } }),
  );
}

/** The poster drawn once: the PNG download and the raw pixels the PDF is made from. */
export interface RenderedPoster {
  png: Buffer;
  /** RGBA, POSTER_WIDTH × POSTER_HEIGHT. */
  pixels: Buffer;
}

/** The poster at A4, 150 dpi (satori lays it out, resvg paints it on libuv's thread pool). */
export async function renderPoster(content: PosterContent): Promise<RenderedPoster> {
  const svg = await posterSvg(content);
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return { png: image.asPng(), pixels: image.pixels };
}

/** The poster as SVG, its text drawn as paths. */
export function posterSvg(content: PosterContent): Promise<string> {
  return satori(poster(content) as never, {
    width: POSTER_WIDTH,
    height: POSTER_HEIGHT,
    fonts: loadFonts(),
    loadAdditionalAsset,
  });
}

/**
 * One A4 page with the poster filling it, for printing. The pixels go in as a DeviceRGB image
 * compressed by Node's zlib off the event loop (pdf-lib's own PNG embedding decodes and re-deflates
 * in JavaScript: ~2 s of blocked event loop per poster). The poster is opaque: no alpha channel.
 */
export async function posterPdf({ pixels }: RenderedPoster, title: string): Promise<Buffer> {
  const rgb = Buffer.allocUnsafe(POSTER_WIDTH * POSTER_HEIGHT * 3);
  for (let from = 0, to = 0; from < pixels.length; from += 4, to += 3) {
    rgb[to] = pixels[from]!;
    rgb[to + 1] = pixels[from + 1]!;
    rgb[to + 2] = pixels[from + 2]!;
  }
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('RunPledge');
  doc.setProducer('RunPledge');
  const page = doc.addPage([A4_POINTS.width, A4_POINTS.height]);
  const image = doc.context.register(
    doc.context.stream(await deflateAsync(rgb), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: POSTER_WIDTH,
      Height: POSTER_HEIGHT,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    }),
  );
  const name = page.node.newXObject('Image', image);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(A4_POINTS.width, 0, 0, A4_POINTS.height, 0, 0),
    drawObject(name),
    popGraphicsState(),
  );
  return Buffer.from(await doc.save());
}
