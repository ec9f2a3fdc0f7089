import type { ProfileView } from '@runpledge/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Section } from '@/components/ui/section';

const loadStoryEditor = () => import('./story-editor');
// The editor (a form, its checks and the save) is the owner's only: its own chunk, fetched as the
// owner's page shows, so a visitor's first load does without it.
const StoryEditor = lazy(loadStoryEditor);

/** My Story; its owner edits it in place. */
export function StorySection({ profile }: { profile: ProfileView }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (profile.isOwner) void loadStoryEditor();
  }, [profile.isOwner]);

  // Back to where the owner started once the editor closes (after the button is rendered again).
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const stopEditing = () => setEditing(false);

  return (
    <Section
      title="My Story"
      action={
        profile.isOwner && !editing ? (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit story
          </Button>
        ) : undefined
      }
    >
      {editing ? (
        <Suspense fallback={<StoryText profile={profile} />}>
          <StoryEditor profile={profile} onDone={stopEditing} />
        </Suspense>
      ) : (
        <StoryText profile={profile} />
      )}
    </Section>
  );
}

function StoryText({ profile }: { profile: ProfileView }) {
  return <p className="leading-relaxed break-words whitespace-pre-line text-neutral-800">{profile.description}</p>;
}
