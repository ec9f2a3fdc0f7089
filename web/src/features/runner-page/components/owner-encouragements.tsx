import type { ProfileView } from '@runpledge/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { onFirstUse } from '@/lib/lazy';
import { useEncouragements } from '../api/get-encouragements';
import { Section } from '@/components/ui/section';

const receivedAt = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** Owner only: the encouragement supporters sent, newest first. */
export function OwnerEncouragements({ profile }: { profile: ProfileView }) {
  const messages = useEncouragements(profile.id, profile.isOwner);
  return (
    <Section title="Messages from Supporters">
      {messages.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : messages.isError ? (
        <p className="text-muted-foreground">Your messages could not be loaded right now.</p>
      ) : messages.data.length === 0 ? (
        <p className="text-muted-foreground">No messages yet. Share your page to hear from supporters.</p>
      ) : (
        <ul className="flex max-h-96 flex-col gap-3 overflow-y-auto" aria-label="Messages">
          {messages.data.map((item) => (
            <li key={item.id} className="rounded-lg bg-brand-50 p-3">
              <p className="break-words whitespace-pre-line text-neutral-800">{item.message}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                <span className="font-semibold text-brand-800">{item.senderName}</span> ·{' '}
                <time dateTime={item.createdAt}>{receivedAt().format(new Date(item.createdAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
