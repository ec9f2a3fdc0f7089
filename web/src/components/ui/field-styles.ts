/**
 * The shared look of text fields (input, textarea, select): 16 px text so phones do not zoom in,
 * a ring on keyboard focus, red border and ring when aria-invalid is set.
 */
export const fieldStyles =
  'w-full rounded-md border border-neutral-300 bg-white px-3 text-base text-foreground shadow-xs transition-[color,box-shadow,border-color] placeholder:text-neutral-500 motion-reduce:transition-none ' +
  'focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none ' +
  'aria-invalid:border-danger-700 aria-invalid:focus-visible:ring-danger-700/20 ' +
  'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:opacity-70';
