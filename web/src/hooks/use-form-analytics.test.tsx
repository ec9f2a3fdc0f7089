import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormAnalytics } from './use-form-analytics';

function StoryForm({ accept }: { accept: boolean }) {
  const analytics = useFormAnalytics('story');
  return (
    <form
      {...analytics.formProps}
      onSubmit={(event) => {
        event.preventDefault();
        if (accept) analytics.complete();
        else analytics.error('Story is required', 'story');
      }}
    >
      <label>
        Title
        <input name="title" />
      </label>
      <label>
        Story
        <textarea data-analytics-field="story" name="body" />
      </label>
      <label>
        Goal time (hours)
        <input type="number" />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

const events = () => (window.dataLayer ?? []) as Array<Record<string, unknown>>;

describe('useFormAnalytics', () => {
  it('sends form_start once, then form_progress once per completed field, naming fields only', () => {
    render(<StoryForm accept />);
    const title = screen.getByLabelText('Title');
    const story = screen.getByLabelText('Story');

    fireEvent.focus(title);
    fireEvent.blur(title); // left empty: no progress
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Why I run' } });
    fireEvent.blur(title);
    fireEvent.focus(title);
    fireEvent.blur(title); // already counted
    fireEvent.focus(story);
    fireEvent.change(story, { target: { value: 'For my mum' } });
    fireEvent.blur(story);

    expect(events()).toEqual([
      { event: 'form_start', form_name: 'story' },
      { event: 'form_progress', form_name: 'story', field: 'title', step: 1 },
      { event: 'form_progress', form_name: 'story', field: 'story', step: 2 },
    ]);
    expect(JSON.stringify(events())).not.toContain('Why I run');
  });

  it('names a field without a name after its label', () => {
    render(<StoryForm accept />);
    const hours = screen.getByLabelText('Goal time (hours)');
    fireEvent.focus(hours);
    fireEvent.change(hours, { target: { value: '3' } });
    fireEvent.blur(hours);

    expect(events().at(-1)).toEqual({ event: 'form_progress', form_name: 'story', field: 'goal_time_hours', step: 1 });
  });

  it('sends form_error with the message shown, and form_complete without a later abandon', () => {
    const { rerender, unmount } = render(<StoryForm accept={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    rerender(<StoryForm accept />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    unmount();

    expect(events()).toEqual([
      { event: 'form_start', form_name: 'story' },
      { event: 'form_error', form_name: 'story', field: 'story', error_message: 'Story is required' },
      { event: 'form_complete', form_name: 'story' },
    ]);
  });

  it('sends form_abandon with the last field when a started form goes away unfinished', () => {
    const { unmount } = render(<StoryForm accept />);
    const title = screen.getByLabelText('Title');
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Half done' } });
    fireEvent.blur(title);
    unmount();

    expect(events().at(-1)).toEqual({ event: 'form_abandon', form_name: 'story', last_field: 'title' });
  });

  it('sends nothing when the form was never touched', () => {
    const { unmount } = render(<StoryForm accept />);
    unmount();
    expect(events()).toEqual([]);
  });
});
