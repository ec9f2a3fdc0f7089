import type { RaceEvent } from '@runpledge/contracts';
import { useEffect, useRef, useState } from 'react';
import { formatCalendarDate } from '@/lib/dates';
import { useEventSuggestions } from '../api/search-events';

/** What a suggestion says: name, city and date, so two races of one name are told apart. */
export function suggestionLabel(event: Pick<RaceEvent, 'name' | 'city' | 'date'>): string {
  return [event.name, event.city, formatCalendarDate(event.date, 'medium')].filter(Boolean).join(' · ');
}

/**
 * Events from the directory as one types in a marathon field, as the field's `<datalist>` (the
 * browser's own, accessible suggestion list). Choosing one hands the event to `onChoose` (its name
 * and date then find it again on save), once per name typed: a date the runner changes afterwards
 * stays theirs. A race it does not know is saved as typed and becomes an unverified event.
 */
export function EventSuggestions({
  id,
  typed,
  onChoose,
}: {
  /** The datalist's id, the input's `list`. */
  id: string;
  typed: string;
  onChoose: (event: RaceEvent) => void;
}) {
  const [query, setQuery] = useState(typed);
  // One request per pause in typing, not per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const suggestions = useEventSuggestions(query);
  const events = suggestions.data ?? [];
  const choose = useRef(onChoose);
  choose.current = onChoose;
  const handedOver = useRef<string | undefined>(undefined);
  useEffect(() => {
    const chosen = events.filter((e) => e.name === typed);
    if (chosen.length !== 1 || handedOver.current === typed) return;
    handedOver.current = typed;
    choose.current(chosen[0]!);
  }, [typed, events]);
  return (
    <datalist id={id}>
      {events.map((event) => (
        <option key={event.id} value={event.name} label={suggestionLabel(event)} />
      ))}
    </datalist>
  );
}
