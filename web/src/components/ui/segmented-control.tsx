import { useId } from 'react';
import { cn } from '@/lib/cn';

interface SegmentedControlProps<T extends string> {
  /** Names the group for screen readers. */
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  className?: string;
}

/**
 * Two or more exclusive choices shown side by side. Native radio buttons underneath, so arrow
 * keys move between the choices and screen readers announce "radio, 1 of 2".
 */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('inline-flex rounded-md border border-neutral-300 bg-neutral-100 p-0.5', className)}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className="relative cursor-pointer rounded-[calc(var(--radius-md)-2px)] px-3 py-1.5 text-sm font-semibold text-neutral-700 transition-colors has-checked:bg-white has-checked:text-brand-800 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-ring motion-reduce:transition-none"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
