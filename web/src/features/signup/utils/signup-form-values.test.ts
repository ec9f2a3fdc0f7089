// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  acceptsNumber,
  EMPTY_SIGNUP_FORM,
  localDateIso,
  MARATHON_DATE_IN_PAST,
  newChallengeDraft,
  toSignupFormData,
  validateSignupForm,
  valuesFromSavedForm,
  type SignupFormValues,
} from './signup-form-values';
import { planChallenges, toProfileChanges } from './edit-page-values';
import { suggestSlug } from './suggest-slug';

const TODAY = '2026-05-01';

function filled(overrides: Partial<SignupFormValues> = {}): SignupFormValues {
  return {
    ...EMPTY_SIGNUP_FORM,
    name: 'Jane Doe',
    marathonName: 'Chicago Marathon',
    marathonDate: '2026-10-11',
    goalHours: '3',
    goalMinutes: '45',
    donationPlatform: 'haku',
    hakuFundraisingPage: 'https://haku.example/jane',
    description: 'Running for the hospital.',
    urlSlug: 'jane-doe',
    ...overrides,
  };
}

const messages = (values: SignupFormValues, slugTakenMessage?: string) =>
  validateSignupForm(values, { today: TODAY, slugTakenMessage }).map((p) => p.message);

describe('validateSignupForm: the submit alerts of spec 5', () => {
  it('accepts a complete form', () => {
    expect(messages(filled())).toEqual([]);
  });

  it('asks for the marathon date before the platform, then for the platform', () => {
    const values = filled({ marathonDate: '', donationPlatform: '' });

    expect(messages(values)).toEqual(['Please select a marathon date.', 'Please select a donation platform.']);
    expect(messages({ ...values, marathonDate: '2026-10-11' })).toEqual(['Please select a donation platform.']);
  });

  it('asks for the Haku page URL when Haku is chosen', () => {
    expect(messages(filled({ hakuFundraisingPage: '' }))).toEqual(['Please enter your Haku fundraising page URL.']);
  });

  it('asks for the DonorDrive event URL, then the participant ID', () => {
    const values = filled({ donationPlatform: 'donordrive', donorDriveEventUrl: '', donorDriveParticipantId: '' });

    expect(messages(values)).toEqual(['Please enter your DonorDrive event URL.']);
    expect(messages({ ...values, donorDriveEventUrl: 'https://event.donordrive.com' })).toEqual([
      'Please enter your DonorDrive participant ID.',
    ]);
    expect(
      messages({ ...values, donorDriveEventUrl: 'https://event.donordrive.com', donorDriveParticipantId: '123' }),
    ).toEqual([]);
  });

  it('asks for the JustGiving short name when JustGiving is chosen', () => {
    expect(messages(filled({ donationPlatform: 'justgiving', justGivingPageShortName: '' }))).toEqual([
      'Please enter your JustGiving page short name.',
    ]);
  });

  it('asks for the charity link on any other platform', () => {
    expect(messages(filled({ donationPlatform: 'other' }))).toEqual(['Please enter your charity donation page link.']);
  });

  it('requires name, marathon name, story and page address, in page order', () => {
    const problems = validateSignupForm(filled({ name: ' ', marathonName: '', description: '', urlSlug: '' }), {
      today: TODAY,
    });

    expect(problems.map((p) => p.field)).toEqual(['name', 'marathonName', 'description', 'urlSlug']);
    expect(problems.map((p) => p.message)).toEqual([
      'Your name is required',
      'Marathon name is required',
      'Story cannot be empty',
      'Please choose a page address',
    ]);
  });

  it('reports every problem of an empty form once, top to bottom', () => {
    expect(validateSignupForm(EMPTY_SIGNUP_FORM, { today: TODAY }).map((p) => p.field)).toEqual([
      'name',
      'marathonName',
      'marathonDate',
      'donationPlatform',
      'description',
      'urlSlug',
    ]);
  });

  it('refuses a marathon date in the past but accepts today', () => {
    expect(messages(filled({ marathonDate: '2026-04-30' }))).toEqual([MARATHON_DATE_IN_PAST]);
    expect(messages(filled({ marathonDate: TODAY }))).toEqual([]);
  });

  it('lets an edited page keep its passed marathon date, but not move to another past one', () => {
    const edit = (marathonDate: string) =>
      validateSignupForm(filled({ marathonDate }), { today: TODAY, unchangedDate: '2026-04-12' }).map((p) => p.message);
    expect(edit('2026-04-12')).toEqual([]);
    expect(edit('2026-04-13')).toEqual([MARATHON_DATE_IN_PAST]);
  });

  it('refuses a platform address that is not a web address, as the server would', () => {
    expect(messages(filled({ hakuFundraisingPage: 'haku page' }))).toEqual([
      'The Haku fundraising page URL must be a web address (https://…)',
    ]);
  });

  it('refuses reserved page addresses and one the live check found taken', () => {
    expect(messages(filled({ urlSlug: 'dashboard' }))).toEqual([
      'This page address is reserved. Please choose another.',
    ]);
    expect(messages(filled(), 'This page address is already taken. Please choose another.')).toEqual([
      'This page address is already taken. Please choose another.',
    ]);
  });
});

describe('toSignupFormData', () => {
  it('saves the fields of spec 3 with whole-number goal time', () => {
    expect(toSignupFormData(filled())).toEqual({
      url_slug: 'jane-doe',
      name: 'Jane Doe',
      marathon_name: 'Chicago Marathon',
      marathon_date: '2026-10-11',
      goal_hours: 3,
      goal_minutes: 45,
      donation_platform: 'haku',
      charity_link: 'https://haku.example/jane',
      description: 'Running for the hospital.',
      challenges: [],
      hakuFundraisingPage: 'https://haku.example/jane',
      donorDriveEventUrl: '',
      donorDriveParticipantId: '',
      justGivingPageShortName: '',
    });
  });

  it('turns goal hours and minutes that are not numbers into 0', () => {
    const data = toSignupFormData(filled({ goalHours: '', goalMinutes: 'abc' }));

    expect([data.goal_hours, data.goal_minutes]).toEqual([0, 0]);
  });

  it('derives the charity link from the platform and keeps only that platform’s fields', () => {
    const values = filled({
      donationPlatform: 'justgiving',
      justGivingPageShortName: 'jane-runs',
      donorDriveEventUrl: 'https://left.over',
    });
    const justGiving = toSignupFormData(values);
    expect(justGiving.charity_link).toBe('https://www.justgiving.com/fundraising/jane-runs');
    expect(justGiving.hakuFundraisingPage).toBe('');
    expect(justGiving.donorDriveEventUrl).toBe('');

    const donorDrive = toSignupFormData(
      filled({ donationPlatform: 'donordrive', donorDriveEventUrl: 'https://e.org', donorDriveParticipantId: '7' }),
    );
    expect(donorDrive.charity_link).toBe('https://e.org');
    expect(donorDrive.donorDriveParticipantId).toBe('7');
  });

  it('keeps only challenges with both an amount and a description, in their order', () => {
    const data = toSignupFormData(
      filled({
        challenges: [
          newChallengeDraft({ amount: '25', description: 'Pick a song', isExclusive: false }),
          newChallengeDraft({ amount: '', description: 'No amount' }),
          newChallengeDraft({ amount: '40', description: '   ' }),
          newChallengeDraft({ amount: '0', description: 'Free cheer', isExclusive: true }),
        ],
      }),
    );

    expect(data.challenges).toEqual([
      { amount: 25, description: 'Pick a song', isExclusive: false },
      { amount: 0, description: 'Free cheer', isExclusive: true },
    ]);
  });

  it('round-trips through valuesFromSavedForm', () => {
    const values = filled({ challenges: [newChallengeDraft({ amount: '12.5', description: 'Sing' })] });
    const restored = valuesFromSavedForm(toSignupFormData(values));

    expect(toSignupFormData(restored)).toEqual(toSignupFormData(values));
  });
});

describe('acceptsNumber (spec 5: negative or non-numeric input is ignored, empty allowed)', () => {
  const amount = { min: 0, max: 10000, decimals: 2 };

  it.each(['', '0', '25', '10000', '99.99', '0.5'])('accepts %j as a challenge amount', (text) => {
    expect(acceptsNumber(text, amount)).toBe(true);
  });

  it.each(['-1', '10000.01', '1.234', 'abc', '1e3'])('ignores %j as a challenge amount', (text) => {
    expect(acceptsNumber(text, amount)).toBe(false);
  });

  it('keeps goal hours within 0-23 and minutes within 0-59, whole numbers only', () => {
    expect(acceptsNumber('23', { min: 0, max: 23, decimals: 0 })).toBe(true);
    expect(acceptsNumber('24', { min: 0, max: 23, decimals: 0 })).toBe(false);
    expect(acceptsNumber('59', { min: 0, max: 59, decimals: 0 })).toBe(true);
    expect(acceptsNumber('60', { min: 0, max: 59, decimals: 0 })).toBe(false);
    expect(acceptsNumber('1.5', { min: 0, max: 59, decimals: 0 })).toBe(false);
  });
});

describe('suggestSlug', () => {
  it('makes a page address from a name', () => {
    expect(suggestSlug('  Jane  Doe ')).toBe('jane-doe');
    expect(suggestSlug('Zoë O’Brien-Smith!')).toBe('zoe-obrien-smith');
  });

  it('transliterates accented names and other scripts', () => {
    expect(suggestSlug('José Núñez')).toBe('jose-nunez');
    expect(suggestSlug('Zoë')).toBe('zoe');
    expect(suggestSlug('Søren Ærø')).toBe('soren-aero');
    expect(suggestSlug('Иван Петров')).toBe('ivan-petrov');
    expect(suggestSlug('Ελένη')).toBe('eleni');
  });

  it('still suggests a usable address for a name without a Latin spelling', () => {
    const slug = suggestSlug('王小明');
    expect(slug).toMatch(/^runner-[a-z0-9]+$/);
    expect(suggestSlug('王小明')).toBe(slug);
    expect(suggestSlug('李华')).not.toBe(slug);
    expect(suggestSlug('   ')).toBe('');
  });
});

describe('localDateIso', () => {
  it('formats the local calendar date', () => {
    expect(localDateIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('planChallenges: an edited page keeps its challenges by id', () => {
  const saved = [
    {
      id: 'a',
      runnerProfileId: 'p',
      amount: 25,
      description: 'Song',
      isExclusive: false,
      position: 0,
      claimedBy: null,
      claimCount: 3,
    },
    {
      id: 'b',
      runnerProfileId: 'p',
      amount: 250,
      description: 'Banana suit',
      isExclusive: true,
      position: 1,
      claimedBy: 'Ann',
      claimCount: 1,
    },
    {
      id: 'c',
      runnerProfileId: 'p',
      amount: 40,
      description: 'Bib',
      isExclusive: false,
      position: 2,
      claimedBy: null,
      claimCount: 0,
    },
  ];
  const draftOf = (c: (typeof saved)[number]) =>
    newChallengeDraft({
      amount: String(c.amount),
      description: c.description,
      isExclusive: c.isExclusive,
      savedId: c.id,
    });

  it('asks nothing when nothing changed', () => {
    expect(planChallenges(saved, saved.map(draftOf))).toMatchObject({
      remove: [],
      update: [],
      create: [],
      reorder: false,
    });
  });

  it('updates only changed rows, removes dropped ones, creates new ones and reorders only when needed', () => {
    const [a, b, c] = saved.map(draftOf);
    const added = newChallengeDraft({ amount: '60', description: ' Shirt ', isExclusive: false });
    const incomplete = newChallengeDraft({ amount: '5', description: '' });
    const plan = planChallenges(saved, [{ ...b!, description: 'Gorilla suit' }, a!, added, incomplete]);
    expect(plan.remove).toEqual([c!.savedId]);
    expect(plan.update).toEqual([{ id: 'b', input: { amount: 250, description: 'Gorilla suit', isExclusive: true } }]);
    expect(plan.create).toEqual([
      { draftId: added.id, input: { amount: 60, description: 'Shirt', isExclusive: false } },
    ]);
    expect(plan).toMatchObject({ order: ['b', 'a', added.id], reorder: true });
    // New ones last, the rest in their order: the server's own order, nothing to send.
    expect(planChallenges(saved, [a!, c!, added])).toMatchObject({ remove: ['b'], reorder: false });
    // A new one first: the order is sent.
    expect(planChallenges(saved, [added, a!, b!, c!]).reorder).toBe(true);
  });
});

describe('toProfileChanges: the PUT body of an edited page', () => {
  it("sends every detail with only the chosen platform's field, the runner's time zone, and the goal only when it changed", () => {
    const zone = vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockReturnValue({ ...new Intl.DateTimeFormat('en-US').resolvedOptions(), timeZone: 'America/Chicago' });
    const values = filled({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: ' https://dd.example/e ',
      donorDriveParticipantId: '42',
      fundraisingGoal: '2000',
    });
    const body = toProfileChanges(values, { fundraisingGoal: '2000.00' });
    expect(body).toEqual({
      urlSlug: 'jane-doe',
      name: 'Jane Doe',
      marathonName: 'Chicago Marathon',
      marathonDate: '2026-10-11',
      goalHours: 3,
      goalMinutes: 45,
      donationPlatform: 'donordrive',
      hakuDonationUrl: null,
      donorDriveEventUrl: 'https://dd.example/e',
      donorDriveParticipantId: '42',
      justGivingPageShortName: null,
      description: 'Running for the hospital.',
      timeZone: 'America/Chicago',
    });
    zone.mockRestore();
    expect(toProfileChanges(values, { fundraisingGoal: '1500.00' })).toMatchObject({ fundraisingGoal: 2000 });
    expect(toProfileChanges({ ...values, fundraisingGoal: '' }, { fundraisingGoal: '1500.00' })).toMatchObject({
      fundraisingGoal: 0,
    });
  });
});
