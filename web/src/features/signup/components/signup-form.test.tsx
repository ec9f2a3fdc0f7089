import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSignupForm, saveSignupForm } from '@/lib/signup-form-storage';
import { jsonResponse, sampleSignupForm } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { loadSuggestSlug } from '../hooks/use-suggest-slug';
import { localDateIso } from '../utils/signup-form-values';
import { SignupForm } from './signup-form';

const available = (slug: string) => jsonResponse(200, { slug, available: true });

function renderForm() {
  const onSaved = vi.fn();
  const view = renderWithApp([{ path: '/signup', element: <SignupForm onSaved={onSaved} /> }], '/signup');
  return { ...view, onSaved };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Account Creation' }));

function fillRequired() {
  type('Your Name', 'Jane Doe');
  type('Marathon Name', 'Chicago Marathon');
  type('Marathon Date', '2099-10-12');
  type('Donation Platform', 'justgiving');
  type('JustGiving page short name', 'jane-runs');
  type('Your Story', 'Running for the hospital.');
}

describe('SignupForm', () => {
  // Loaded as the app loads it once the form shows; a name typed before then: signup-form-slug-load.test.tsx.
  beforeAll(async () => {
    await loadSuggestSlug();
  });

  beforeEach(() => {
    sessionStorage.clear();
  });

  it('offers the three platforms and Classy disabled as Coming Soon', () => {
    mockApi({});
    renderForm();

    const select = screen.getByLabelText('Donation Platform');
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Select a platform',
      'DonorDrive',
      'JustGiving',
      'Haku',
      'Classy (Coming Soon)',
    ]);
    expect(within(select).getByRole('option', { name: 'Classy (Coming Soon)' })).toBeDisabled();
  });

  it('disables past dates in the date picker', () => {
    mockApi({});
    renderForm();

    expect(screen.getByLabelText('Marathon Date')).toHaveAttribute('min', localDateIso());
  });

  it('shows the fields of the chosen platform only', () => {
    mockApi({});
    renderForm();

    type('Donation Platform', 'haku');
    expect(screen.getByLabelText('Haku fundraising page URL')).toBeInTheDocument();

    type('Donation Platform', 'donordrive');
    expect(screen.queryByLabelText('Haku fundraising page URL')).not.toBeInTheDocument();
    expect(screen.getByLabelText('DonorDrive event URL')).toBeInTheDocument();
    expect(screen.getByLabelText('DonorDrive participant ID')).toBeInTheDocument();

    type('Donation Platform', 'justgiving');
    expect(screen.getByLabelText('JustGiving page short name')).toBeInTheDocument();
  });

  it('shows every problem of an empty form, focuses the first and saves nothing', () => {
    const api = mockApi({});
    const { onSaved } = renderForm();

    submit();

    for (const message of [
      'Your name is required',
      'Marathon name is required',
      'Please select a marathon date.',
      'Please select a donation platform.',
      'Story cannot be empty',
      'Please choose a page address',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
    expect(screen.getByLabelText('Marathon Date')).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
    expect(loadSignupForm()).toBeUndefined();
    expect(api.calls).toEqual([]);
    expect(window.dataLayer).toContainEqual({
      event: 'form_error',
      form_name: 'signup',
      field: 'marathon_date',
      error_message: 'Please select a marathon date.',
    });
  });

  it('asks for the platform field of spec 5 and clears a message once the field is edited', () => {
    mockApi({ 'GET /api/slug-availability?slug=jane-doe': available('jane-doe') });
    renderForm();
    fillRequired();
    type('JustGiving page short name', '');

    submit();
    expect(screen.getByText('Please enter your JustGiving page short name.')).toBeInTheDocument();
    expect(screen.getByLabelText('JustGiving page short name')).toHaveFocus();

    type('JustGiving page short name', 'jane');
    expect(screen.queryByText('Please enter your JustGiving page short name.')).not.toBeInTheDocument();
  });

  it('ignores negative, non-numeric and out-of-range goal times', () => {
    mockApi({});
    renderForm();
    const hours = screen.getByLabelText('Hours');
    const minutes = screen.getByLabelText('Minutes');

    fireEvent.change(hours, { target: { value: '4' } });
    fireEvent.change(hours, { target: { value: '-1' } });
    fireEvent.change(hours, { target: { value: '24' } });
    fireEvent.change(minutes, { target: { value: '59' } });
    fireEvent.change(minutes, { target: { value: '60' } });

    expect(hours).toHaveValue(4);
    expect(minutes).toHaveValue(59);
  });

  it('cuts off text past its limit', () => {
    mockApi({});
    renderForm();

    type('Your Name', 'x'.repeat(150));
    type('Your Story', 'y'.repeat(1200));

    expect(screen.getByLabelText('Your Name')).toHaveValue('x'.repeat(100));
    expect(screen.getByLabelText('Your Story')).toHaveValue('y'.repeat(1000));
    expect(screen.getByText('1000/1000')).toBeInTheDocument();
  });

  it('suggests the page address from the name and forces typed addresses to the allowed characters', () => {
    mockApi({});
    renderForm();

    type('Your Name', 'Jane Doe');
    expect(screen.getByLabelText('Page address')).toHaveValue('jane-doe');

    type('Page address', 'Jane_Runs Chicago!');
    expect(screen.getByLabelText('Page address')).toHaveValue('janerunschicago');

    type('Your Name', 'Someone Else');
    expect(screen.getByLabelText('Page address')).toHaveValue('janerunschicago');
  });

  it('shows the host before the page address', () => {
    mockApi({});
    renderForm();

    expect(screen.getByText(`${window.location.host}/`)).toBeInTheDocument();
  });

  it('checks the address once typing pauses and shows whether it is available', async () => {
    const api = mockApi({
      'GET /api/slug-availability?slug=taken-name': jsonResponse(200, {
        slug: 'taken-name',
        available: false,
        message: 'This page address is already taken. Please choose another.',
      }),
      'GET /api/slug-availability?slug=free-name': available('free-name'),
    });
    renderForm();

    type('Page address', 'taken-name');
    expect(await screen.findByText('Checking availability…')).toBeInTheDocument();
    expect(
      await screen.findByText('This page address is already taken. Please choose another.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Page address')).toHaveAttribute('aria-invalid', 'true');

    type('Page address', 'free-name');
    expect(await screen.findByText('This address is available.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual([
      '/api/slug-availability?slug=taken-name',
      '/api/slug-availability?slug=free-name',
    ]);
  });

  it('does not ask the server about a reserved address', async () => {
    const api = mockApi({});
    renderForm();

    type('Page address', 'dashboard');

    expect(screen.getByText('This page address is reserved. Please choose another.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.calls).toEqual([]);
  });

  it('refuses to continue with an address the check found taken', async () => {
    mockApi({
      'GET /api/slug-availability?slug=jane-doe': jsonResponse(200, { slug: 'jane-doe', available: false }),
    });
    const { onSaved } = renderForm();
    fillRequired();
    await screen.findByText('This page address is already taken. Please choose another.', {}, { timeout: 10_000 });

    submit();

    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Page address')).toHaveFocus();
  });

  it('adds, edits, toggles and deletes challenges', () => {
    mockApi({});
    renderForm();

    fireEvent.click(screen.getByRole('button', { name: 'Add challenge' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add challenge' }));
    const rows = screen.getAllByTestId('challenge-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByLabelText('Amount ($)')).toHaveFocus();

    const first = within(rows[0]!);
    fireEvent.change(first.getByLabelText('Amount ($)'), { target: { value: '50' } });
    fireEvent.change(first.getByLabelText('Amount ($)'), { target: { value: '-5' } });
    fireEvent.change(first.getByLabelText('Amount ($)'), { target: { value: '10000.5' } });
    fireEvent.change(first.getByLabelText('Description'), { target: { value: 'z'.repeat(600) } });
    expect(first.getByLabelText('Amount ($)')).toHaveValue(50);
    expect(first.getByLabelText('Description')).toHaveValue('z'.repeat(500));

    expect(first.getByRole('radio', { name: 'Multiple' })).toBeChecked();
    fireEvent.click(first.getByRole('radio', { name: 'Exclusive' }));
    expect(first.getByRole('radio', { name: 'Exclusive' })).toBeChecked();
    expect(first.getByText('Only the first supporter can claim it.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete challenge 2' }));
    expect(screen.getAllByTestId('challenge-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add challenge' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Reorder challenge 1' })).toBeInTheDocument();
  });

  it('saves the form for 30 minutes and continues', async () => {
    mockApi({ 'GET /api/slug-availability?slug=jane-doe': available('jane-doe') });
    const { onSaved } = renderForm();
    fillRequired();
    type('Hours', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Add challenge' }));
    const row = within(screen.getByTestId('challenge-row'));
    fireEvent.change(row.getByLabelText('Amount ($)'), { target: { value: '25.5' } });
    fireEvent.change(row.getByLabelText('Description'), { target: { value: 'Pick a song' } });
    fireEvent.click(row.getByRole('radio', { name: 'Exclusive' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add challenge' }));

    submit();

    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(loadSignupForm()).toEqual({
      url_slug: 'jane-doe',
      name: 'Jane Doe',
      marathon_name: 'Chicago Marathon',
      marathon_date: '2099-10-12',
      goal_hours: 3,
      goal_minutes: 0,
      donation_platform: 'justgiving',
      charity_link: 'https://www.justgiving.com/fundraising/jane-runs',
      description: 'Running for the hospital.',
      challenges: [{ amount: 25.5, description: 'Pick a song', isExclusive: true }],
      hakuFundraisingPage: '',
      donorDriveEventUrl: '',
      donorDriveParticipantId: '',
      justGivingPageShortName: 'jane-runs',
    });
    expect(window.dataLayer).toContainEqual({ event: 'form_complete', form_name: 'signup' });
    expect(window.dataLayer).toContainEqual({
      event: 'funnel_step',
      step: 'signup_details_completed',
      step_number: 2,
    });
  });

  it('refills the form from data saved earlier in this tab', () => {
    mockApi({ 'GET /api/slug-availability?slug=jane-runs-chicago': available('jane-runs-chicago') });
    saveSignupForm(sampleSignupForm());
    renderForm();

    expect(screen.getByLabelText('Your Name')).toHaveValue('Jane Doe');
    expect(screen.getByLabelText('Page address')).toHaveValue('jane-runs-chicago');
    expect(screen.getByLabelText('JustGiving page short name')).toHaveValue('jane-runs');
    expect(within(screen.getByTestId('challenge-row')).getByLabelText('Description')).toHaveValue(
      'Run a mile in a banana suit',
    );
  });

  it('reports form_start, form_progress and, when left unsubmitted, form_abandon', () => {
    mockApi({});
    const { unmount } = renderForm();
    const name = screen.getByLabelText('Your Name');

    fireEvent.focus(name);
    type('Your Name', 'Jane');
    fireEvent.blur(name);
    unmount();

    const events = (window.dataLayer ?? []).filter((e) => (e as { event: string }).event !== 'page_view');
    expect(events).toEqual([
      { event: 'form_start', form_name: 'signup' },
      { event: 'form_progress', form_name: 'signup', field: 'name', step: 1 },
      { event: 'form_abandon', form_name: 'signup', last_field: 'name' },
    ]);
  });
  it("brings a suggested race's day to an empty date, and keeps a day the runner gave", async () => {
    const chicago = {
      id: '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
      slug: 'chicago-marathon-2099',
      name: 'Chicago Marathon',
      city: 'Chicago',
      country: 'US',
      date: '2099-10-11',
      timeZone: 'America/Chicago',
      totals: [],
      runnerCount: 0,
      teamCount: 0,
      miles: 0,
      verified: true,
    };
    const api = mockApi({
      'GET /api/events?query=Chicago+Marathon': jsonResponse(200, { events: [chicago], page: 1, totalPages: 1 }),
    });
    renderForm();
    const date = screen.getByLabelText('Marathon Date');

    type('Marathon Name', 'Chicago Marathon');
    await waitFor(() => expect(date).toHaveValue('2099-10-11'));
    // A day of the runner's own stays, however often the suggestions are read again.
    type('Marathon Date', '2099-10-12');
    type('Your Name', 'Jane Doe');
    await waitFor(() => expect(api.called('GET', '/api/events?query=Chicago+Marathon').length).toBeGreaterThan(0));
    expect(date).toHaveValue('2099-10-12');

    // Typed again over a day of their own, the race's day does not replace it either.
    type('Marathon Name', 'Chicago');
    type('Marathon Name', 'Chicago Marathon');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(date).toHaveValue('2099-10-12');
  });
});
