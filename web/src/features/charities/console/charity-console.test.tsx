import type { Charity, CharityConsoleRunner, CharityPageResponse, CharityRunnersResponse } from '@runpledge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { sampleCharity } from '@/testing/sample-charity';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CharityConsole } from './charity-console';

const ID = sampleCharity().id;
const EVENT_ID = '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const PAGE = 'GET /api/charities/rivers?by=raised&page=1';
const RUNNERS = `/api/charities/${ID}/runners`;
const STAFF = `GET /api/charities/${ID}/staff`;
const SPONSORSHIP = `GET /api/charities/${ID}/sponsorship`;

const charity = sampleCharity({
  registeredNumber: '1234567',
  verified: false,
  runnerCount: 2,
  miles: 10,
  isStaff: true,
});

const page = (overrides: Partial<Charity> = {}): CharityPageResponse => ({
  charity: { ...charity, ...overrides },
  runners: [],
  teams: [],
  events: [{ id: EVENT_ID, slug: 'london-marathon-2027', name: 'London Marathon', date: '2027-04-25', runnerCount: 2 }],
  page: 1,
  totalPages: 1,
});

const runner = (overrides: Partial<CharityConsoleRunner>): CharityConsoleRunner => ({
  runnerProfileId: '0d6e3a52-0c4b-4b8e-9b1c-7f2b8b9b1a01',
  name: 'Ann Lee',
  pageSlug: 'ann-runs',
  published: true,
  eventName: 'London Marathon',
  raceDate: '2027-04-25',
  platform: 'justgiving',
  raised: '0.00',
  currency: 'GBP',
  goal: '2000.00',
  percentOfGoal: 0,
  donors: 0,
  lastDonationAt: null,
  miles: 12.5,
  lastRunAt: '2027-01-10T08:00:00.000Z',
  flags: ['no_donation_yet', 'behind_pace'],
  ...overrides,
});

const ann = runner({});
const bo = runner({
  runnerProfileId: '1e7f4b63-1d5c-4c9f-8c2d-8a3c9cac2b02',
  name: 'Bo Chen',
  pageSlug: 'bo-runs',
  published: false,
  raised: '2100.00',
  percentOfGoal: 105,
  donors: 12,
  lastDonationAt: '2027-01-02T10:00:00.000Z',
  flags: ['goal_reached'],
});
const list = (runners: CharityConsoleRunner[], totalPages = 1): CharityRunnersResponse => ({
  runners,
  page: 1,
  totalPages,
});

/** A member of staff who is not an admin: the staff list answers 403. */
const staffOnly = {
  [PAGE]: jsonResponse(200, page()),
  [`GET ${RUNNERS}?sort=name&page=1`]: jsonResponse(200, list([ann, bo])),
  [STAFF]: jsonResponse(403, { statusCode: 403, message: 'Only an admin of this charity can do that' }),
};

const admin = {
  ...staffOnly,
  [STAFF]: jsonResponse(200, {
    staff: [
      { userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', email: 'amy@rivers.org.uk', role: 'admin', status: 'active' },
      { userId: null, email: 'sam@rivers.org.uk', role: 'staff', status: 'invited' },
    ],
  }),
  [SPONSORSHIP]: jsonResponse(200, { seats: 0, used: 0, status: 'none' }),
};

const renderConsole = () =>
  renderWithProviders(<CharityConsole slug="rivers" />, { path: '/charities/rivers/console' });

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('CharityConsole', () => {
  it('lists every runner with their flags, a Draft badge for an unpublished page and a link for a published one', async () => {
    mockApi(staffOnly);
    renderConsole();

    expect(await screen.findByRole('heading', { level: 1, name: 'Rivers Trust' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/ann-runs');
    const annRow = within(rowOf('Ann Lee'));
    expect(annRow.getByText('No donation yet')).toBeInTheDocument();
    expect(annRow.getByText('Behind pace')).toBeInTheDocument();
    expect(annRow.getByText('JustGiving')).toBeInTheDocument();
    expect(annRow.getByText('Never')).toBeInTheDocument();
    const boRow = within(rowOf('Bo Chen'));
    expect(boRow.getByText('Draft')).toBeInTheDocument();
    expect(boRow.getByText('Goal reached')).toBeInTheDocument();
    expect(boRow.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '',
      'Runner',
      'Race',
      'Platform',
      'Raised',
      'Donors',
      'Last donation',
      'Miles',
      'Last run',
      'Flags',
    ]);
  });

  it('asks again with the chosen flag, sort, race and page', async () => {
    const api = mockApi({
      ...staffOnly,
      [`GET ${RUNNERS}?flag=behind_pace&sort=name&page=1`]: jsonResponse(200, list([ann], 2)),
      [`GET ${RUNNERS}?flag=behind_pace&sort=raised&page=1`]: jsonResponse(200, list([ann], 2)),
      [`GET ${RUNNERS}?flag=behind_pace&sort=raised&page=2`]: jsonResponse(200, list([runner({ name: 'Cy Diaz' })], 2)),
      [`GET ${RUNNERS}?event=${EVENT_ID}&flag=behind_pace&sort=raised&page=1`]: jsonResponse(200, list([bo])),
    });
    renderConsole();
    await screen.findByRole('link', { name: 'Ann Lee' });

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'behind_pace' } });
    await waitFor(() => expect(screen.queryByText('Bo Chen')).not.toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'raised' } });
    await waitFor(() => expect(api.called('GET', `${RUNNERS}?flag=behind_pace&sort=raised&page=1`)).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Cy Diaz')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Race'), { target: { value: '0' } });
    expect(await screen.findByText('Bo Chen')).toBeInTheDocument();
    expect(api.called('GET', `${RUNNERS}?event=${EVENT_ID}&flag=behind_pace&sort=raised&page=1`)).toHaveLength(1);
  });

  it('narrows by a race through its event, and says so when a race is not in the event directory', async () => {
    const races = page();
    races.events.push({ id: null, slug: null, name: 'Village Marathon', date: '2027-05-02', runnerCount: 1 });
    const api = mockApi({
      ...staffOnly,
      [PAGE]: jsonResponse(200, races),
      [`GET ${RUNNERS}?event=${EVENT_ID}&sort=name&page=1`]: jsonResponse(200, list([ann])),
    });
    renderConsole();
    await screen.findByText('Bo Chen');
    fireEvent.change(screen.getByLabelText('Race'), { target: { value: '0' } });
    await waitFor(() => expect(screen.queryByText('Bo Chen')).not.toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('Race'), { target: { value: '1' } });
    expect(await screen.findByText('Bo Chen')).toBeInTheDocument();
    expect(screen.getByLabelText('Race')).toHaveAccessibleDescription(
      'This race is not in the event list yet, so every race is shown.',
    );
    expect(api.calls.filter((c) => c.path.startsWith('/api/events'))).toHaveLength(0);
  });

  it('messages the ticked runners and says how many were queued', async () => {
    const api = mockApi({ ...staffOnly, [`POST /api/charities/${ID}/messages`]: jsonResponse(202, { queued: 1 }) });
    renderConsole();
    await screen.findByRole('link', { name: 'Ann Lee' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 runners selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bo Chen' }));
    expect(screen.getByText('1 runner selected')).toBeInTheDocument();
    expect(document.body).toHaveTextContent('at most one message a week');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Race week' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Good luck on Sunday!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 1 runner' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Message queued for 1 runner');
    expect(api.called('POST', `/api/charities/${ID}/messages`)[0]!.body).toEqual({
      subject: 'Race week',
      body: 'Good luck on Sunday!',
      runnerProfileIds: [ann.runnerProfileId],
    });
  });

  it('shows why a message was refused, next to the form', async () => {
    mockApi({
      ...staffOnly,
      [`POST /api/charities/${ID}/messages`]: jsonResponse(400, {
        statusCode: 400,
        message: 'The subject is required',
      }),
    });
    renderConsole();
    await screen.findByRole('link', { name: 'Ann Lee' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann Lee' }));
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 1 runner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The subject is required');
  });

  it('hides the admin sections from staff whose staff list answers 403', async () => {
    const api = mockApi(staffOnly);
    renderConsole();
    await screen.findByRole('link', { name: 'Ann Lee' });
    await waitFor(() => expect(api.called('GET', STAFF.slice(4))).toHaveLength(1));

    expect(screen.getByRole('heading', { name: 'Message runners' })).toBeInTheDocument();
    for (const title of ['Staff', 'Verify the charity', 'Charity details', 'Runner places'])
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    expect(api.called('GET', SPONSORSHIP.slice(4))).toHaveLength(0);
  });

  it('gives admins the staff list, invitations, verification, details and runner places', async () => {
    const api = mockApi({
      ...admin,
      [`POST /api/charities/${ID}/verification`]: (body) =>
        (body as { email: string }).email.endsWith('@rivers.org.uk')
          ? jsonResponse(202, { success: true })
          : jsonResponse(400, { statusCode: 400, message: "The address must be at the charity's website domain" }),
      [`POST /api/charities/${ID}/staff`]: jsonResponse(200, {
        staff: [{ userId: null, email: 'lee@rivers.org.uk', role: 'admin', status: 'invited' }],
      }),
    });
    renderConsole();

    const staff = within(await screen.findByRole('list', { name: 'Staff members' }));
    const [amy, sam] = staff.getAllByRole('listitem');
    expect(amy).toHaveTextContent(/^amy@rivers\.org\.ukAdminRemove/);
    expect(sam).toHaveTextContent('sam@rivers.org.ukStaffInvited');
    expect(staff.getAllByRole('button', { name: /Remove/ })).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Runner places' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Charity details' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Work e-mail address'), { target: { value: 'me@gmail.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The address must be at the charity's website domain");
    fireEvent.change(screen.getByLabelText('Work e-mail address'), { target: { value: 'amy@rivers.org.uk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a link to amy@rivers.org.uk');

    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'lee@rivers.org.uk' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to lee@rivers.org.uk')).toBeInTheDocument();
    expect(api.called('POST', `/api/charities/${ID}/staff`)[0]!.body).toEqual({
      email: 'lee@rivers.org.uk',
      role: 'admin',
    });
  });

  it('tells the last admin why they cannot leave', async () => {
    mockApi({
      ...admin,
      [`DELETE /api/charities/${ID}/staff/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d`]: jsonResponse(400, {
        statusCode: 400,
        message: 'A charity needs at least one admin: make someone else admin first',
      }),
    });
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove amy@rivers.org.uk' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('A charity needs at least one admin: make someone else admin first'),
    ).toBeInTheDocument();
  });

  it('saves the edited details', async () => {
    const api = mockApi({
      ...admin,
      [`PUT /api/charities/${ID}`]: jsonResponse(200, { charity: { ...charity, name: 'Rivers Trust UK' } }),
    });
    renderConsole();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Rivers Trust UK' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'gb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Charity details saved')).toBeInTheDocument();
    expect(api.called('PUT', `/api/charities/${ID}`)[0]!.body).toEqual({
      name: 'Rivers Trust UK',
      website: 'https://www.rivers.org.uk',
      registeredNumber: '1234567',
      country: 'GB',
      mission: 'Clean rivers for everyone',
    });
  });

  describe('CSV download', () => {
    beforeEach(() => {
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:runners'), revokeObjectURL: vi.fn() });
    });

    it('fetches the CSV with the session and saves it as {slug}-runners.csv', async () => {
      const api = mockApi({
        ...staffOnly,
        [`GET ${RUNNERS}.csv?sort=name`]: new Response('name,page address\nAnn Lee,ann-runs\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv' },
        }),
      });
      const saved: { href: string; download: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
      renderConsole();
      await screen.findByRole('link', { name: 'Ann Lee' });

      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toEqual([{ href: 'blob:runners', download: 'rivers-runners.csv' }]));
      const call = api.fetchMock.mock.calls.find(([path]) => String(path).startsWith(`${RUNNERS}.csv`))!;
      expect(call[1]).toMatchObject({ credentials: 'same-origin' });
      const blob = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls[0]![0] as Blob;
      expect(await blob.text()).toBe('name,page address\nAnn Lee,ann-runs\n');
    });

    it('says why the CSV was refused', async () => {
      mockApi({
        ...staffOnly,
        [`GET ${RUNNERS}.csv?sort=name`]: jsonResponse(403, {
          statusCode: 403,
          message: 'Only the staff of this charity can see this',
        }),
      });
      renderConsole();
      await screen.findByRole('link', { name: 'Ann Lee' });
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      expect(await screen.findByText('Only the staff of this charity can see this')).toBeInTheDocument();
    });
  });

  it('shows a visitor who is not staff that the console is for staff, with the way to the public page', async () => {
    const api = mockApi({ [PAGE]: jsonResponse(200, page({ isStaff: false })) });
    renderConsole();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This console is for the charity’s staff' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the charity page' })).toHaveAttribute('href', '/charities/rivers');
    expect(api.calls.map((c) => c.path)).toEqual(['/api/charities/rivers?by=raised&page=1']);
  });

  it('says so when no charity has the address', async () => {
    mockApi({ [PAGE]: jsonResponse(404, { statusCode: 404, message: 'Charity not found' }) });
    renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Charity not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeInTheDocument();
  });
});
