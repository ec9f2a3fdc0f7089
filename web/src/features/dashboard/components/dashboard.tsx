import type { ProfileSummary } from '@runpledge/contracts';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LinkButton } from '@/components/ui/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast-context';
import { useDeleteProfile } from '../api/delete-profile';
import { useRecentProfiles } from '../api/get-recent-profiles';
import { ProfileCard } from './profile-card';

export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load your profiles',
  deleteFailed: 'Failed to delete the profile. Please try again.',
  deleted: (name: string) => `"${name}" has been deleted successfully`,
} as const;

/**
 * The runner's pages as cards, with delete behind a confirmation. `cardExtras` adds lines from other
 * features to each card (the route composes them).
 */
export function Dashboard({ cardExtras }: { cardExtras?: (profile: ProfileSummary) => ReactNode } = {}) {
  const { toast } = useToast();
  const profiles = useRecentProfiles();
  const deleteProfile = useDeleteProfile();
  const [deleting, setDeleting] = useState<ProfileSummary | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteProfile.mutateAsync(deleting.id);
      toast({ title: DASHBOARD_MESSAGES.deleted(deleting.name), variant: 'success' });
      setDeleting(null);
    } catch {
      toast({ title: DASHBOARD_MESSAGES.deleteFailed, variant: 'destructive' });
    }
  };

  if (profiles.isPending) {
    return (
      <div role="status" aria-label="Loading your pages" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-56 rounded-xl" />
        ))}
      </div>
    );
  }

  if (profiles.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-4 rounded-xl border border-danger-700/30 bg-danger-50 p-6"
      >
        <p className="font-semibold text-danger-800">{DASHBOARD_MESSAGES.loadFailed}</p>
        <Button variant="outline" onClick={() => void profiles.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (profiles.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-neutral-300 bg-white px-6 py-12 text-center">
        <h2 className="text-xl font-bold text-brand-950">No pages yet</h2>
        <p className="mt-2 max-w-sm text-muted-foreground">
          Set up your marathon, your story and challenges for supporters in a few minutes.
        </p>
        <LinkButton to="/signup" className="mt-6">
          Create Your First Page
        </LinkButton>
      </div>
    );
  }

  return (
    <>
      <ul
        ref={list}
        tabIndex={-1}
        className="grid gap-4 focus:outline-none sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Your pages"
      >
        {profiles.data.map((profile) => (
          <li key={profile.id} className="flex">
            <ProfileCard profile={profile} onDelete={() => setDeleting(profile)} extras={cardExtras?.(profile)} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this page?"
        description={
          deleting
            ? `This cannot be undone. It permanently removes "${deleting.name}" (/${deleting.urlSlug}) and all of its challenges.`
            : ''
        }
        confirmLabel="Delete page"
        onConfirm={confirmDelete}
        // The deleted card's buttons are gone: keyboard users land on the list.
        fallbackFocus={list}
      />
    </>
  );
}
