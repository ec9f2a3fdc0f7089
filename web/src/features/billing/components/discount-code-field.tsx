import { useId, useState } from 'react';
import { DISCOUNT_CODE_MAX_LENGTH } from '@runpledge/contracts';
import { cn } from '@/lib/cn';

interface DiscountCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  disabled?: boolean;
}

/** 'Have a discount code?' opens the field; closing it drops the code. */
export function DiscountCodeField({ value, onChange, error, disabled }: DiscountCodeFieldProps) {
  const [open, setOpen] = useState(value !== '');
  const inputId = useId();
  const errorId = useId();

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={inputId}
        onClick={() => {
          if (open) onChange('');
          setOpen(!open);
        }}
        className="rounded-sm text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Have a discount code?
      </button>
      {open && (
        <div className="mt-3">
          <label htmlFor={inputId} className="sr-only">
            Discount code
          </label>
          <input
            id={inputId}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            maxLength={DISCOUNT_CODE_MAX_LENGTH}
            placeholder="Enter your code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cn(
              'h-11 w-full rounded-md border bg-white px-3 text-base tracking-wide uppercase placeholder:normal-case placeholder:tracking-normal placeholder:text-neutral-500 focus:ring-2 focus:ring-ring focus:outline-none disabled:opacity-50',
              error ? 'border-danger-700' : 'border-neutral-300',
            )}
          />
          {error && (
            <p id={errorId} className="mt-2 text-sm font-medium text-danger-700">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
