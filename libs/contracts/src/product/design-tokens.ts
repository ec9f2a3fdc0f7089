/**
 * The design tokens, defined once: the web app's Tailwind theme (`web/src/design-tokens.css`,
 * written from these by web/build/design-tokens.ts at every Vite start) and the gateway's share
 * cards and posters (drawn server-side) read the same colours. The default Tailwind palette is
 * cleared, so every colour on screen comes from here; text pairs noted below meet WCAG AA (4.5:1)
 * for normal text.
 */
export const colorTokens = {
  white: '#ffffff',
  black: '#000000',

  /** Deep teal-blue: trust. White text is AA from 600 up (600: 6.0, 700: 7.9). */
  brand: {
    50: '#eff8fb',
    100: '#d7eef5',
    200: '#b1dcea',
    300: '#7cc3da',
    400: '#40a1c2',
    500: '#2384a7',
    600: '#1a6a8c',
    700: '#185772',
    800: '#19495f',
    900: '#183e50',
    950: '#0b2735',
  },

  /** Orange: energy. Text on white from 700 (5.2); 400-500 only behind dark text. */
  accent: {
    50: '#fff7ed',
    100: '#ffedd5',
    200: '#fed7aa',
    300: '#fdba74',
    400: '#fb923c',
    500: '#f97316',
    600: '#ea580c',
    700: '#c2410c',
    800: '#9a3412',
    900: '#7c2d12',
  },

  /** Cool greys. Body text 900, secondary text 600 (7.6 on white). */
  neutral: {
    50: '#f8fafc',
    100: '#f1f5f9',
    200: '#e2e8f0',
    300: '#cbd5e1',
    400: '#94a3b8',
    500: '#64748b',
    600: '#475569',
    700: '#334155',
    800: '#1e293b',
    900: '#0f172a',
    950: '#020617',
  },

  success: { 50: '#f0fdf4', 700: '#15803d' },
  danger: { 50: '#fef2f2', 700: '#b91c1c', 800: '#991b1b' },
} as const;

/** Every colour token as a CSS custom property of Tailwind's theme: `--color-brand-700` → `#185772`. */
export function colorVariables(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(colorTokens)) {
    if (typeof value === 'string') variables[`--color-${name}`] = value;
    else for (const [shade, hex] of Object.entries(value)) variables[`--color-${name}-${shade}`] = hex;
  }
  return variables;
}
