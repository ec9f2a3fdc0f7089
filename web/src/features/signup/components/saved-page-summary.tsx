import { theMarathon } from '@runpledge/contracts';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import type { SignupFormData } from '@/lib/signup-form-storage';

function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00`);
  return Number.isNaN(date.getTime())
    ? isoDate
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** What the runner entered on /signup, so they know which page this account will own. */
export function SavedPageSummary({ form, host = window.location.host }: { form: SignupFormData; host?: string }) {
  return (
    <Card className="bg-brand-50/60">
      <h2 className="text-sm font-semibold tracking-wide text-brand-800 uppercase">Your page</h2>
      <p className="mt-3 text-lg font-bold text-brand-950">{form.name}</p>
      <p className="text-neutral-700">
        Running {theMarathon(form.marathon_name)}
        <span className="block text-sm text-muted-foreground">{formatDate(form.marathon_date)}</span>
      </p>
      <p className="mt-3 text-sm font-medium break-all text-brand-800">
        {host}/{form.url_slug}
      </p>
      {form.challenges.length > 0 && (
        <p className="mt-1 text-sm text-muted-foreground">
          {form.challenges.length} {form.challenges.length === 1 ? 'challenge' : 'challenges'}
        </p>
      )}
      <LinkButton to="/signup" variant="outline" size="sm" className="mt-4">
        Edit details
      </LinkButton>
    </Card>
  );
}
