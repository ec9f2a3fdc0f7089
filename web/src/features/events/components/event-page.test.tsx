import type { EventPageResponse } from '@runpledge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EventPage } from './event-page';
import { sampleEvent } from '@/testing/sample-event';

const event = sampleEvent({
  totals: [
    { currency: 'GBP', raised: '1500.00', donors: 30 },
    { currency: 'USD', raised: '250.00', donors: 5 },
  ],
  runnerCount: 2,
  teamCount: 0,
  miles: 321.5,
  verified: true,
});

const runner = (name: string, pageSlug: string, raised: string, currency: string) => ({
  runnerProfileId: crypto.randomUUID(),
  pageSlug,
  name,
  raised,
  currency,
  donors: 3,
  miles: 120.25,
  percentOfGoal: 50,
});

function answer(
  runners: EventPageResponse['runners'],
  groups: Pick<EventPageResponse, 'teams' | 'charities'> = { teams: [], charities: [] },
): Response {
  return jsonResponse(200, { event, runners, ...groups, page: 1, totalPages: 1 });
}

afterEach(() => localStorage.clear());

describe('EventPage', () => {
  it('lists the teams and the charities its runners raise for, linked to their pages', async () => {
    mockApi({
      'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized'),
      'GET /api/events/tcs-london-marathon-2099?by=raised&page=1': answer(
        [runner('Jo Smith', 'jo-runs', '1500.00', 'GBP')],
        {
          teams: [
            { slug: 'jo-crew', name: 'Jo’s Crew', raised: '1500.00', currency: 'GBP', donors: 3, runnerCount: 1 },
          ],
          charities: [
            {
              slug: 'rivers',
              name: 'Rivers Trust',
              runnerCount: 2,
              totals: [
                { currency: 'GBP', raised: '1500.00', donors: 30 },
                { currency: 'USD', raised: '250.00', donors: 5 },
              ],
            },
          ],
        },
      ),
    });
    renderWithProviders(<EventPage slug="tcs-london-marathon-2099" />, { path: '/events/tcs-london-marathon-2099' });

    const teams = await screen.findByRole('list', { name: 'Teams running it' });
    expect(within(teams).getByRole('link', { name: 'Jo’s Crew' })).toHaveAttribute('href', '/teams/jo-crew');
    expect(teams).toHaveTextContent('1 runner · 3 donors');
    const charities = screen.getByRole('list', { name: 'Charities its runners raise for' });
    expect(within(charities).getByRole('link', { name: 'Rivers Trust' })).toHaveAttribute('href', '/charities/rivers');
    expect(charities).toHaveTextContent('£1,500 · $250');
    expect(charities).toHaveTextContent('2 runners');
  });

  it('shows no team or charity section while none run it', async () => {
    mockApi({
      'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized'),
      'GET /api/events/tcs-london-marathon-2099?by=raised&page=1': answer([]),
    });
    renderWithProviders(<EventPage slug="tcs-london-marathon-2099" />, { path: '/events/tcs-london-marathon-2099' });
    expect(await screen.findByRole('heading', { level: 1, name: 'TCS London Marathon' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Teams running it' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Charities its runners raise for' })).not.toBeInTheDocument();
  });

  it('shows the event, its countdown, what its runners raise per currency, and its runners ranked', async () => {
    mockApi({
      'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized'),
      'GET /api/events/tcs-london-marathon-2099?by=raised&page=1': answer([
        runner('Jo Smith', 'jo-runs', '1500.00', 'GBP'),
        runner('Sam Lee', 'sam-runs', '250.00', 'USD'),
      ]),
      'GET /api/events/tcs-london-marathon-2099?by=raised&page=1&query=sam': answer([
        runner('Sam Lee', 'sam-runs', '250.00', 'USD'),
      ]),
    });
    renderWithProviders(<EventPage slug="tcs-london-marathon-2099" />, { path: '/events/tcs-london-marathon-2099' });

    expect(await screen.findByRole('heading', { level: 1, name: 'TCS London Marathon' })).toBeInTheDocument();
    expect(document.body).toHaveTextContent(/days to go/);
    expect(document.body).toHaveTextContent('£1,500');
    expect(document.body).toHaveTextContent('$250');
    const ranked = within(screen.getByRole('list', { name: 'Runners ranked' })).getAllByRole('listitem');
    expect(ranked).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Jo Smith' })).toHaveAttribute('href', '/jo-runs');

    fireEvent.change(screen.getByLabelText('Find a runner'), { target: { value: 'sam' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(screen.queryByText('Jo Smith')).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Runners ranked' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says so for an event that does not exist', async () => {
    mockApi({
      'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized'),
      'GET /api/events/nowhere-2099?by=raised&page=1': jsonResponse(404, undefined, 'Event not found'),
    });
    renderWithProviders(<EventPage slug="nowhere-2099" />, { path: '/events/nowhere-2099' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
  });
});
