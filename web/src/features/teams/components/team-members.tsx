import { TEAM_LIMITS, formatMoney, type TeamMember, type TeamRanking } from '@runpledge/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Section } from '@/components/ui/section';

export const RANKINGS: ReadonlyArray<{ value: TeamRanking; label: string }> = [
  { value: 'raised', label: 'Raised' },
  { value: 'miles', label: 'Miles' },
  { value: 'percent', label: '% of goal' },
];

const miles = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`;
const percent = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 0 })}%`;

interface TeamMembersProps {
  members: TeamMember[];
  memberCount: number;
  by: TeamRanking;
  page: number;
  totalPages: number;
  /** The next ranking or page is loading (the current one stays shown). */
  loading?: boolean;
  onRank: (by: TeamRanking) => void;
  onPage: (page: number) => void;
}

/** The members ranked by what they raised, their miles or their share of the goal, 50 a page. */
export function TeamMembers({ members, memberCount, by, page, totalPages, loading, onRank, onPage }: TeamMembersProps) {
  const first = (page - 1) * TEAM_LIMITS.membersPageSize;
  return (
    <Section
      title={`Members (${memberCount})`}
      action={<SegmentedControl label="Rank members by" value={by} options={RANKINGS} onChange={onRank} />}
    >
      {members.length === 0 ? (
        <p className="text-muted-foreground">No members to show yet.</p>
      ) : (
        <ol className="divide-y divide-border" aria-busy={loading || undefined} aria-label="Members ranked">
          {members.map((member, i) => (
            <li key={member.runnerProfileId} className="flex items-center gap-3 py-3">
              <span className="w-8 shrink-0 text-right text-sm font-semibold tabular-nums text-muted-foreground">
                {first + i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/${member.pageSlug}`}
                    className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
                  >
                    {member.name}
                  </Link>
                  {member.isCaptain && <Badge tone="brand">Captain</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">
                  {member.donors.toLocaleString('en-US')} {member.donors === 1 ? 'donor' : 'donors'} ·{' '}
                  {miles(member.miles)}
                </p>
              </div>
              <p className="shrink-0 text-right">
                <span className="block font-bold tabular-nums text-brand-950">
                  {by === 'miles'
                    ? miles(member.miles)
                    : by === 'percent'
                      ? percent(member.percentOfGoal)
                      : formatMoney(member.raised, member.currency)}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {by === 'raised' ? percent(member.percentOfGoal) : formatMoney(member.raised, member.currency)}
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
      {totalPages > 1 && (
        <nav aria-label="Member pages" className="mt-4 flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {page} of {totalPages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= totalPages || loading} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </Section>
  );
}
