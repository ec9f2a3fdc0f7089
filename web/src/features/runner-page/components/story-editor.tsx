import { FIELD_LIMITS, type ProfileView } from '@runpledge/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast-context';
import { useFormAnalytics } from '@/hooks/use-form-analytics';
import { useUpdateStory } from '../api/update-story';

export const STORY_EMPTY_MESSAGE = 'Story cannot be empty';

/** The owner's editor of My Story (its own chunk: a visitor's page never loads it). */
export default function StoryEditor({ profile, onDone }: { profile: ProfileView; onDone: () => void }) {
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
