import { FIELD_LIMITS, type ProfileView } from '@runpledge/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast-context';
import { useUpdateStory } from '../api/update-story';
import { Section } from '@/components/ui/section';
import { useFormAnalytics } from '@/hooks/use-form-analytics';

export const STORY_EMPTY_MESSAGE = 'Story cannot be empty';

/** My Story; its owner edits it in place. */
export function StorySection({ profile }: { profile: ProfileView }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

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
        <StoryEditor profile={profile} onDone={stopEditing} />
      ) : (
        <p className="leading-relaxed break-words whitespace-pre-line text-neutral-800">{profile.description}</p>
      )}
    </Section>
  );
}

function StoryEditor({ profile, onDone }: { profile: ProfileView; onDone: () => void }) {
  const { toast } = useToast();
  const updateStory = useUpdateStory(profile);
  const analytics = useFormAnalytics('story');
  const [draft, setDraft] = useState(profile.description);
  const [error, setError] = useState<string>();
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const story = draft.trim();
    if (!story) {
      setError(STORY_EMPTY_MESSAGE);
      analytics.error(STORY_EMPTY_MESSAGE, 'story');
      field.current?.focus();
      return;
    }
    setError(undefined);
    updateStory.mutate(story, {
      onSuccess: () => {
        analytics.complete();
        toast({ title: 'Your story has been updated', variant: 'success' });
        onDone();
      },
      onError: () => {
        analytics.error('Failed to update story');
        toast({ title: 'Failed to update story', variant: 'destructive' });
      },
    });
  };

  return (
    <form {...analytics.formProps} onSubmit={submit} noValidate className="flex flex-col gap-3">
      <FormField label="Your story" error={error} aside={`${draft.length}/${FIELD_LIMITS.description}`}>
        {(control) => (
          <Textarea
            {...control}
            ref={field}
            autoFocus
            rows={8}
            value={draft}
            maxLength={FIELD_LIMITS.description}
            onChange={(event) => setDraft(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={updateStory.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={updateStory.isPending}>
          {updateStory.isPending ? 'Saving…' : 'Save story'}
        </Button>
      </div>
    </form>
  );
}
