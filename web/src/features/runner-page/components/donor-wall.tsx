import { SAMPLE_PAGE_SLUG_PREFIX, formatMoney, type ProfileView } from '@runpledge/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { onFirstUse } from '@/lib/lazy';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { useDonations } from '../api/get-donations';
import { DonateLink } from './donate-link';

const when = onFirstUse(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }));

/** Recent donations from the page's platform, newest first; React escapes every name and message. */
export function DonorWall({ profile }: { profile: ProfileView }) {
  const [page, setPage] = useState(1);
  // A sample page (not stored) has no donations to ask for.
  const stored = !profile.urlSlug.startsWith(SAMPLE_PAGE_SLUG_PREFIX);
  const painted = useAfterFirstPaint();
  const donations = useDonations(profile.id, page, painted && stored && (profile.published || profile.isOwner));
  const data = donations.data;
  if (!data || (data.donations.length === 0 && page === 1)) return null;
  return (
    <div className="mt-8" data-testid="donor-wall">
      <h3 className="mb-3 text-lg font-bold text-brand-950">Recent donations</h3>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {data.donations.map((d, i) => (
          <li
            key={`${d.donatedAt}-${i}`}
            className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words text-foreground">{d.name ?? 'Anonymous'}</p>
              {d.message && <p className="text-sm break-words whitespace-pre-line text-neutral-700">{d.message}</p>}
              <p className="text-xs text-muted-foreground">
                <time dateTime={d.donatedAt}>{when().format(new Date(d.donatedAt))}</time>
              </p>
            </div>
            {d.amount !== null && (
              <span className="font-bold text-brand-800 tabular-nums">{formatMoney(d.amount, d.currency)}</span>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        {data.totalPages > 1 ? (
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {data.page} of {data.totalPages}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= data.totalPages}
              onClick={() => setPage((p) => p + 1)}
            >
              Older
            </Button>
          </div>
        ) : (
          <span />
        )}
        <DonateLink profile={profile} variant="outline" size="sm">
          Add your donation
        </DonateLink>
      </div>
    </div>
  );
}
