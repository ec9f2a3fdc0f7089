// The look of web-auth's ui/field-styles (text fields: 16 px so phones do not zoom, focus ring,
// red when aria-invalid). Replace with `fieldStyles` from components/ui once that is on main.
export const fieldClass =
  'w-full rounded-md border border-neutral-300 bg-white px-3 text-base text-foreground shadow-xs transition-[color,box-shadow,border-color] placeholder:text-neutral-500 motion-reduce:transition-none ' +
  'focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/25 focus-visible:outline-none ' +
  'aria-invalid:border-danger-700 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:opacity-70';

export const inputClass = `${fieldClass} h-11 py-2`;
export const textareaClass = `${fieldClass} min-h-28 py-2.5 leading-relaxed`;
export const labelClass = 'block text-sm font-semibold text-neutral-900';
