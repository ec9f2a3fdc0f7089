import { FIELD_LIMITS, FUNDRAISING_LIMITS } from '@runpledge/contracts';
import { lazy, Suspense, useCallback, useRef } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { EventSuggestions } from '@/features/events';
import type { SlugCheck } from '../hooks/use-slug-check';
import { acceptsNumber, MAX_LENGTH, type SignupField, type SignupFormValues } from '../utils/signup-form-values';
import { FormSection } from './form-section';
import { SlugField } from './slug-field';

// Other features take the address field from here (see index.ts).
export { SlugField };

// Drag and drop (dnd-kit) is the form's heaviest part and sits low on the page: its own chunk,
// fetched as the form first renders, keeps /signup's first load within its budget.
const ChallengesEditor = lazy(() => import('./challenges-editor').then((m) => ({ default: m.ChallengesEditor })));
// The charity directory's search is optional and below the fold: its own chunk, like the challenges.
const CharityPicker = lazy(() => import('@/features/charities').then((m) => ({ default: m.CharityPicker })));

const HOURS = { min: FIELD_LIMITS.goalHoursMin, max: FIELD_LIMITS.goalHoursMax, decimals: 0 } as const;
const MINUTES = { min: FIELD_LIMITS.goalMinutesMin, max: FIELD_LIMITS.goalMinutesMax, decimals: 0 } as const;
const FUNDRAISING_GOAL = { min: 0, max: FUNDRAISING_LIMITS.goalMax, decimals: 2 } as const;

/** The input `name` of each field (spec 3's saved names): used to focus a field and to name it in analytics. */
export const INPUT_NAME: Record<SignupField, string> = {
  name: 'name',
  marathonName: 'marathon_name',
  marathonDate: 'marathon_date',
  goalHours: 'goal_hours',
  goalMinutes: 'goal_minutes',
  donationPlatform: 'donation_platform',
  hakuFundraisingPage: 'hakuFundraisingPage',
  donorDriveEventUrl: 'donorDriveEventUrl',
  donorDriveParticipantId: 'donorDriveParticipantId',
  justGivingPageShortName: 'justGivingPageShortName',
  fundraisingGoal: 'fundraising_goal',
  description: 'description',
  challenges: 'challenge-amount',
  urlSlug: 'url_slug',
  charity: 'charity_query',
};

export interface PageDetailsFieldsProps {
  values: SignupFormValues;
  errors: Partial<Record<SignupField, string>>;
  set: <K extends SignupField>(field: K, value: SignupFormValues[K]) => void;
  slugCheck: SlugCheck;
  onSlugChange: (slug: string) => void;
  /** The earliest marathon date the picker offers. */
  minDate: string;
  /** A charity's address to choose while the page names none (a "Run for us" link's `?charity=`). */
  charityFromLink?: string;
}

/** Every field of a page's details (spec 5), as /signup asks for them and /{slug}/edit changes them. */
export function PageDetailsFields({
  values,
  errors,
  set,
  slugCheck,
  onSlugChange,
  minDate,
  charityFromLink,
}: PageDetailsFieldsProps) {
  const platform = values.donationPlatform;
  // A race chosen from the suggestions brings its day, unless the runner gave a day of their own
  // (then the name and that day find or make the race on save).
  const raceDate = values.marathonDate;
  const dayFromEvent = useRef<string | undefined>(undefined);
  const chooseEvent = useCallback(
    (event: { date: string }) => {
      if (raceDate !== '' && raceDate !== dayFromEvent.current) return;
      dayFromEvent.current = event.date;
      if (event.date !== raceDate) set('marathonDate', event.date);
    },
    [raceDate, set],
  );
  return (
    <>
      <FormSection title="Your race" description="Who is running, and which marathon.">
        <FormField label="Your Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              name={INPUT_NAME.name}
              autoComplete="name"
              required
              maxLength={MAX_LENGTH.name}
              value={values.name}
              onChange={(e) => set('name', e.target.value.slice(0, MAX_LENGTH.name))}
            />
          )}
        </FormField>
        <FormField label="Marathon Name" error={errors.marathonName}>
          {(control) => (
            <Input
              {...control}
              name={INPUT_NAME.marathonName}
              required
              maxLength={MAX_LENGTH.marathonName}
              placeholder="e.g. Chicago Marathon"
              autoComplete="off"
              list="marathon-suggestions"
              value={values.marathonName}
              onChange={(e) => set('marathonName', e.target.value.slice(0, MAX_LENGTH.marathonName))}
            />
          )}
        </FormField>
        <EventSuggestions id="marathon-suggestions" typed={values.marathonName} onChoose={chooseEvent} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Marathon Date" error={errors.marathonDate}>
            {(control) => (
              <Input
                {...control}
                type="date"
                name={INPUT_NAME.marathonDate}
                required
                // The picker greys out past days.
                min={minDate}
                value={values.marathonDate}
                onChange={(e) => set('marathonDate', e.target.value)}
              />
            )}
          </FormField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold text-neutral-900">Goal Time</legend>
            <div className="grid grid-cols-2 gap-3">
              <FormField
                label={<span className="font-normal text-muted-foreground">Hours</span>}
                error={errors.goalHours}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    name={INPUT_NAME.goalHours}
                    min={HOURS.min}
                    max={HOURS.max}
                    step={1}
                    placeholder="e.g. 4"
                    value={values.goalHours}
                    onChange={(e) => acceptsNumber(e.target.value, HOURS) && set('goalHours', e.target.value)}
                  />
                )}
              </FormField>
              <FormField
                label={<span className="font-normal text-muted-foreground">Minutes</span>}
                error={errors.goalMinutes}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    name={INPUT_NAME.goalMinutes}
                    min={MINUTES.min}
                    max={MINUTES.max}
                    step={1}
                    placeholder="e.g. 30"
                    value={values.goalMinutes}
                    onChange={(e) => acceptsNumber(e.target.value, MINUTES) && set('goalMinutes', e.target.value)}
                  />
                )}
              </FormField>
            </div>
          </fieldset>
        </div>
      </FormSection>

      <FormSection title="Donations" description="Supporters donate on your fundraising platform; we link to it.">
        <FormField label="Donation Platform" error={errors.donationPlatform}>
          {(control) => (
            <Select
              {...control}
              name={INPUT_NAME.donationPlatform}
              value={platform}
              onChange={(e) => set('donationPlatform', e.target.value as SignupFormValues['donationPlatform'])}
            >
              <option value="" disabled>
                Select a platform
              </option>
              <option value="donordrive">DonorDrive</option>
              <option value="justgiving">JustGiving</option>
              <option value="haku">Haku</option>
              <option value="other" disabled>
                Classy (Coming Soon)
              </option>
            </Select>
          )}
        </FormField>
        {platform === 'haku' && (
          <FormField
            label="Haku fundraising page URL"
            error={errors.hakuFundraisingPage}
            hint="The address of your personal page on Haku."
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                name={INPUT_NAME.hakuFundraisingPage}
                placeholder="https://…"
                maxLength={FIELD_LIMITS.charityLink}
                value={values.hakuFundraisingPage}
                onChange={(e) => set('hakuFundraisingPage', e.target.value)}
              />
            )}
          </FormField>
        )}
        {platform === 'donordrive' && (
          <>
            <FormField
              label="DonorDrive event URL"
              error={errors.donorDriveEventUrl}
              hint="The address of your event's DonorDrive site."
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  name={INPUT_NAME.donorDriveEventUrl}
                  placeholder="https://…"
                  maxLength={FIELD_LIMITS.charityLink}
                  value={values.donorDriveEventUrl}
                  onChange={(e) => set('donorDriveEventUrl', e.target.value)}
                />
              )}
            </FormField>
            <FormField
              label="DonorDrive participant ID"
              error={errors.donorDriveParticipantId}
              hint="The number after participantID= in your participant page's address."
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  name={INPUT_NAME.donorDriveParticipantId}
                  placeholder="e.g. 12345"
                  maxLength={50}
                  value={values.donorDriveParticipantId}
                  onChange={(e) => set('donorDriveParticipantId', e.target.value)}
                />
              )}
            </FormField>
          </>
        )}
        {platform === 'justgiving' && (
          <FormField
            label="JustGiving page short name"
            error={errors.justGivingPageShortName}
            hint="The end of your page's address: justgiving.com/fundraising/your-short-name"
          >
            {(control) => (
              <Input
                {...control}
                name={INPUT_NAME.justGivingPageShortName}
                autoCapitalize="none"
                spellCheck={false}
                placeholder="your-short-name"
                maxLength={100}
                value={values.justGivingPageShortName}
                onChange={(e) => set('justGivingPageShortName', e.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField
          label="Fundraising goal (optional)"
          error={errors.fundraisingGoal}
          hint="Shown with a progress bar on your page; you can change it any time."
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              name={INPUT_NAME.fundraisingGoal}
              placeholder="e.g. 2000"
              value={values.fundraisingGoal}
              onChange={(e) =>
                acceptsNumber(e.target.value, FUNDRAISING_GOAL) && set('fundraisingGoal', e.target.value)
              }
            />
          )}
        </FormField>
      </FormSection>

      <FormSection
        title="Your charity"
        description="Running for a charity listed on RunPledge? Choose it so it can follow and support your fundraising."
      >
        <Suspense fallback={<p className="text-muted-foreground">Loading charities…</p>}>
          <CharityPicker
            value={values.charity}
            onChange={(charity) => set('charity', charity)}
            name={INPUT_NAME.charity}
            preselectSlug={charityFromLink}
          />
        </Suspense>
      </FormSection>

      <FormSection title="Why you're running" description="Your story, and what the money will do.">
        <FormField
          label="Your Story"
          error={errors.description}
          aside={`${values.description.length}/${MAX_LENGTH.description}`}
        >
          {(control) => (
            <Textarea
              {...control}
              name={INPUT_NAME.description}
              required
              rows={5}
              maxLength={MAX_LENGTH.description}
              placeholder="I’m running my first marathon for…"
              value={values.description}
              onChange={(e) => set('description', e.target.value.slice(0, MAX_LENGTH.description))}
            />
          )}
        </FormField>
      </FormSection>

      <FormSection
        title="Challenges"
        description="Fun dares supporters can pick when they donate. Drag to put your favourites first."
      >
        <Suspense fallback={<p className="text-muted-foreground">Loading challenges…</p>}>
          <ChallengesEditor challenges={values.challenges} onChange={(next) => set('challenges', next)} />
        </Suspense>
      </FormSection>

      <FormSection title="Your page link" description="Where supporters will find your page.">
        <SlugField value={values.urlSlug} onChange={onSlugChange} check={slugCheck} error={errors.urlSlug} />
      </FormSection>
    </>
  );
}
