import { BUSINESS } from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DiscountCodeField } from './discount-code-field';
import { PlanFeatures } from './plan-features';
import { TestModeBadge } from './test-mode-badge';

interface PricingCardProps {
  onStart: (discountCode: string | undefined) => void;
  pending: boolean;
  /** False while it is not yet known who is signed in. */
  ready?: boolean;
  codeError?: string;
  onCodeChange?: () => void;
}

export function PricingCard({ onStart, pending, ready = true, codeError, onCodeChange }: PricingCardProps) {
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStart(code.trim() || undefined);
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Subscription"
      className="overflow-hidden rounded-2xl border border-border bg-white shadow-card"
    >
      <div className="bg-brand-800 px-6 py-6 text-white sm:px-8">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">RunPledge monthly</p>
          <TestModeBadge />
        </div>
        <p className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
          <span className="text-accent-300">{BUSINESS.trialDays} Days</span> FREE
        </p>
        <p className="mt-2 text-brand-100">
          then <span className="text-2xl font-bold text-white">${BUSINESS.monthlyPriceUsd}</span>
          <span className="font-medium text-white">/month</span>. No setup fees.
        </p>
      </div>

      <div className="space-y-6 px-6 py-6 sm:px-8 sm:py-8">
        <PlanFeatures />
        <DiscountCodeField
          value={code}
          onChange={(next) => {
            setCode(next);
            onCodeChange?.();
          }}
          error={codeError}
          disabled={pending}
        />
        <div>
          <Button
            type="submit"
            variant="accent"
            size="lg"
            className="w-full"
            disabled={pending || !ready}
            aria-busy={pending}
          >
            {pending ? 'Starting your trial…' : 'Start Free Trial'}
          </Button>
          <p className="mt-3 text-center text-sm text-muted-foreground">Free for 30 days • Cancel anytime</p>
        </div>
        <p className="flex items-center justify-center gap-2 border-t border-border pt-5 text-xs text-neutral-600">
          <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 text-neutral-500">
            <path
              d="M4.5 7V5a3.5 3.5 0 017 0v2M3.5 7h9v6.5h-9z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
          Secure checkout by Stripe. We never see your card details.
        </p>
      </div>
    </form>
  );
}
