import type { Team, TeamMember } from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { LinkButton } from '@/components/ui/link-button';
import { Select } from '@/components/ui/select';
import { useRecentProfiles } from '@/features/dashboard';
import { useAuth } from '@/lib/auth';
import { loginPathFor } from '@/lib/safe-redirect';
import { useJoinTeam } from '../api/join-team';
import { apiErrorMessage } from '@/lib/api-error-message';
import { Section } from '@/components/ui/section';

export const JOIN_MESSAGES = {
  joined: (page: string, team: string) => `${page} is now a member of ${team}.`,
  requested: 'Request sent. The captain will let you know.',
  failed: 'Could not join the team. Please try again.',
  noPublishedPage: 'Only a published page can join a team.',
} as const;

/**
 * Join for a signed-in runner, with one of their published pages: a member at once on an open team
 * or with the captain's invite; a request on an approval team. A visitor is offered sign-in, which
 * comes back here (invite included).
 */
export function JoinTeam({ team, inviteCode }: { team: Team; inviteCode?: string }) {
  const { user, loading } = useAuth();
  const { pathname, search } = useLocation();
  const invited = Boolean(inviteCode);
  const rule = invited
    ? 'You were invited: you join at once.'
    : team.joinRule === 'open'
      ? 'Anyone running for the team can join.'
      : 'The captain approves each request to join.';

  return (
    <Section title="Join this team">
      <p className="text-muted-foreground">{rule}</p>
      <div className="mt-4">
        {loading ? null : user ? (
          <JoinForm team={team} inviteCode={inviteCode} />
        ) : (
          <LinkButton to={loginPathFor(pathname + search)} className="w-full">
            Sign in to join
          </LinkButton>
        )}
      </div>
    </Section>
  );
}

function JoinForm({ team, inviteCode }: { team: Team; inviteCode?: string }) {
  const pages = useRecentProfiles();
  const join = useJoinTeam(team.id, team.slug);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<{ member: TeamMember; pageName: string }>();

  if (pages.isPending) return <p className="text-muted-foreground">Loading your pages…</p>;
  if (pages.isError) return <p role="alert">Your pages could not be loaded. Please try again.</p>;
  const published = pages.data.filter((page) => page.published);
  if (published.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <p>{pages.data.length === 0 ? 'Create your fundraising page first.' : JOIN_MESSAGES.noPublishedPage}</p>
        <LinkButton to={pages.data.length === 0 ? '/signup' : '/payment'} variant="outline">
          {pages.data.length === 0 ? 'Create your page' : 'Publish your page'}
        </LinkButton>
      </div>
    );
  }
  const pageId = chosen || published[0]!.id;

  if (result) {
    return (
      <p role="status" className="rounded-lg bg-success-50 p-3 font-semibold text-success-700">
        {result.member.status === 'pending'
          ? JOIN_MESSAGES.requested
          : JOIN_MESSAGES.joined(result.pageName, team.name)}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const pageName = published.find((page) => page.id === pageId)?.name ?? '';
    join.mutate(
      { runnerProfileId: pageId, ...(inviteCode ? { inviteCode } : {}) },
      {
        onSuccess: ({ member }) => setResult({ member, pageName }),
        onError: (err) => setError(apiErrorMessage(err, JOIN_MESSAGES.failed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {published.length > 1 && (
        <FormField label="Join with your page">
          {(control) => (
            <Select {...control} value={pageId} onChange={(event) => setChosen(event.target.value)}>
              {published.map((page) => (
                <option key={page.id} value={page.id}>
                  {page.name} (/{page.urlSlug})
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm font-semibold text-danger-800">
          {error}
        </p>
      )}
      <Button type="submit" disabled={join.isPending} className="w-full">
        {join.isPending
          ? 'Sending…'
          : team.joinRule === 'approval' && !inviteCode
            ? 'Ask to join'
            : published.length > 1
              ? 'Join the team'
              : `Join with ${published[0]!.name}`}
      </Button>
    </form>
  );
}
