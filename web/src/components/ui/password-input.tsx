import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/** A password input with a Show/Hide toggle inside it. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={shown ? 'text' : 'password'} className={cn('pr-20', className)} />
      <button
        type="button"
        onClick={() => setShown((current) => !current)}
        aria-label={shown ? 'Hide password' : 'Show password'}
        className="absolute inset-y-1 right-1 rounded px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
