import { colorTokens } from '@runpledge/contracts';

/** What the gateway draws (share cards, posters) with satori: a tree of elements with inline styles. */
export type Node = { type: string; props: Record<string, unknown> };
export const h = (type: string, props: Record<string, unknown>, ...children: Array<Node | string | null>): Node => ({
  type,
  props: { ...props, children: children.filter((c) => c !== null) },
});

/** The RunPledge mark, as web/src/components/ui/logo.tsx draws it. */
export function logo(size: number): Node {
  return h(
    'svg',
    { width: size, height: size, viewBox: '0 0 32 32' },
    h('rect', { width: 32, height: 32, rx: 8, fill: colorTokens.brand[700] }),
    h('path', {
      d: 'M8 23c4 0 4-7 8-7s4-7 8-7',
      fill: 'none',
      stroke: colorTokens.white,
      'stroke-width': 3,
      'stroke-linecap': 'round',
    }),
    h('circle', { cx: 8, cy: 23, r: 2.25, fill: colorTokens.white }),
    h('circle', { cx: 24, cy: 9, r: 3.25, fill: colorTokens.accent[400] }),
  );
}

/** At most `lines` lines, the rest cut with an ellipsis; a long word breaks rather than overflows. */
export const clamp = (lines: number) =>
  lines === 1
    ? { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }
    : { display: 'block', lineClamp: lines, textOverflow: 'ellipsis', wordBreak: 'break-word' };
