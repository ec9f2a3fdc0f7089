import { CHARITIES_UNAVAILABLE, CHARITY_CONSENT, type Charity } from '@runpledge/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DIRECTORY_MIN_QUERY, useCharityBySlug, useCharityDirectory } from '../api/directory';

/** The listed charity a page names: its id (sent as `charityId`) and its name to show. */
export type ChosenCharity = Pick<Charity, 'id' | 'name'>;

export interface CharityPickerProps {
  value: ChosenCharity | null;
  /** A charity chosen, or null when the runner leaves it. */
  onChange: (charity: ChosenCharity | null) => void;
  /** The input's `name` (to focus it, and for analytics). */
  name?: string;
  /** A charity's address to choose while none is (a "Run for us" link's `?charity=`). */
  preselectSlug?: string;
}

/**
 * Chooses a charity from the directory (verified ones first) as the runner types; shows what the
 * charity will see once chosen, and leaving it is one click. A charity that is not listed needs
 * nothing here: the page raises through its donation platform as before.
 */
export function CharityPicker({ value, onChange, name = 'charity_query', preselectSlug }: CharityPickerProps) {
  const [query, setQuery] = useState('');
  // One request per pause in typing, not per keystroke.
  const debounced = useDebouncedValue(query, 250);
  const directory = useCharityDirectory(debounced);
  const resultsId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const preselect = usePreselect(value, onChange, preselectSlug);

  if (value) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4" aria-live="polite">
        <p className="font-semibold text-brand-950">
          You’re running for <span className="break-words">{value.name}</span>
        </p>
        <p className="text-sm text-neutral-700">{CHARITY_CONSENT}</p>
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              onChange(null);
              // Focus stays in the section: on the search that takes the leave's place.
              requestAnimationFrame(() => searchRef.current?.focus());
            }}
          >
            Leave {value.name}
          </Button>
        </div>
      </div>
    );
  }

  const typed = debounced.trim();
  const searching = typed.length >= DIRECTORY_MIN_QUERY;
  const charities = searching ? (directory.data ?? []) : [];
  return (
    <div className="flex flex-col gap-3">
      {preselect.notFound && (
        <p role="status" className="text-sm text-neutral-700">
          The charity of your link could not be found. Search for it below.
        </p>
      )}
      <FormField label="Find your charity (optional)" hint={`For a charity listed on RunPledge. ${CHARITY_CONSENT}`}>
        {(control) => (
          <Input
            {...control}
            ref={searchRef}
            type="search"
            name={name}
            autoComplete="off"
            placeholder="Search charities by name"
            aria-controls={resultsId}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        )}
      </FormField>
      <div id={resultsId} aria-live="polite" className="flex flex-col gap-2">
        {preselect.pending ? (
          <Pending>Finding the charity of your link…</Pending>
        ) : !searching ? null : directory.isPending || (directory.isFetching && directory.isPlaceholderData) ? (
          <Pending>Searching…</Pending>
        ) : directory.isError ? (
          <p role="alert" className="text-sm text-danger-700">
            {CHARITIES_UNAVAILABLE}
          </p>
        ) : charities.length === 0 ? (
          <p className="text-sm text-neutral-700">
            No listed charity matches “{typed}”. Your page still raises for it through your donation platform.
          </p>
        ) : (
          <ul aria-label="Charities found" className="flex flex-col gap-2">
            {charities.map((charity) => (
              <li key={charity.id}>
                <button
                  type="button"
                  className="flex min-h-11 w-full flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-neutral-300 bg-white px-3 py-2 text-left hover:border-brand-300 hover:bg-brand-50 focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none"
                  aria-label={`Choose ${charity.name}`}
                  onClick={() => {
                    setQuery('');
                    onChange({ id: charity.id, name: charity.name });
                  }}
                >
                  <span className="font-medium break-words text-brand-950">{charity.name}</span>
                  {charity.verified && <Badge>Verified</Badge>}
                  <span className="w-full text-sm break-words text-muted-foreground">{charity.mission}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Pending({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner className="size-3.5" /> {children}
    </p>
  );
}

/**
 * Chooses the charity of `slug` once, while the page names none: a charity already chosen (or
 * restored from the saved form) stays, and a runner who leaves the preselected one is not overruled.
 */
function usePreselect(
  value: ChosenCharity | null,
  onChange: (charity: ChosenCharity) => void,
  slug: string | undefined,
) {
  const [settled, setSettled] = useState(value !== null);
  const wanted = !settled && value === null ? slug : undefined;
  const lookup = useCharityBySlug(wanted);
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    if (value !== null) setSettled(true);
  }, [value]);
  useEffect(() => {
    if (!wanted || !lookup.data) return;
    setSettled(true);
    change.current({ id: lookup.data.id, name: lookup.data.name });
  }, [wanted, lookup.data]);
  return {
    pending: Boolean(wanted) && lookup.isPending,
    notFound: Boolean(wanted) && lookup.isError,
  };
}
