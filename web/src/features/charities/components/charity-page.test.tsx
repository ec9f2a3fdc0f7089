import type { Charity, CharityPageResponse } from '@runpledge/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CharityLinkAction } from './charity-link-action';
import { CharityPage } from './charity-page';

const charity: Charity = {
  id: '6f1f7c1e-2f0e-4e43-9a3c-3a4c8f6c2d11',
  slug: 'rivers',
  name: 'Rivers Trust',
  website: 'https://www.rivers.org.uk/about',
  registeredNumber: '1234567',
  country: 'GB',
  mission: 'Clean rivers for everyone',
  verified: true,
  totals: [
    { currency: 'GBP', raised: '1200.00', donors: 30 },
    { currency: 'USD', raised: '500.00', donors: 4 },
  ],
  runnerCount: 2,
  teamCount: 0,
  miles: 321.5,
  isStaff: false,
};

const answer: CharityPageResponse = {
  charity,
  runners: [
    {
      runnerProfileId: '0d6e3a52-0c4b-4b8e-9b1c-7f2b8b9b1a01',
      pageSlug: 'ann-runs',
      name: 'Ann Lee',
      raised: '1200.00',
      currency: 'GBP',
      goal: '2000.00',
      percentOfGoal: 60,
      donors: 30,
      miles: 200.5,
      eventName: 'London Marathon',
    },
  ],
  teams: [{ slug: 'rivers-crew', name: 'Rivers Crew', raised: '3400.00', currency: 'GBP' }],
  events: [
    {
      id: '9b2f6c1e-7d3a-4e5b-8c9d-0a1b2c3d4e5f',
      slug: 'london-marathon-2027',
      name: 'London Marathon',
      date: '2027-04-25',
      runnerCount: 1,
    },
    { id: null, slug: null, name: 'Village 10k Marathon', date: '2027-05-02', runnerCount: 2 },
  ],
  page: 1,
  totalPages: 1,
};

const signedOut = { 'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized') };

afterEach(() => localStorage.clear());

describe('CharityPage', () => {
  it('shows the mission, what its runners raised per currency, its runners linked to their pages and a way to run for it', async () => {
    mockApi({ ...signedOut, 'GET /api/charities/rivers?by=raised&page=1': jsonResponse(200, answer) });
    renderWithProviders(<CharityPage slug="rivers" />, { path: '/charities/rivers' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rivers Trust' })).toBeInTheDocument();
    expect(screen.getByText('Clean rivers for everyone')).toBeInTheDocument();
    expect(document.body).toHaveTextContent('Verified charity');
    const totals = within(screen.getByRole('list', { name: 'Raised per currency' })).getAllByRole('listitem');
    expect(totals.map((t) => t.textContent)).toEqual(['£1,200 from 30 donors', '$500 from 4 donors']);
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/ann-runs');
    expect(screen.getByRole('link', { name: 'Rivers Crew' })).toHaveAttribute('href', '/teams/rivers-crew');
    expect(document.body).toHaveTextContent('£3,400 raised');
    expect(screen.getByRole('link', { name: 'Run for us' })).toHaveAttribute('href', `/signup?charity=${charity.slug}`);
    expect(screen.queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
  });

  it('links the races its runners run to their event pages, and pages through its runners', async () => {
    const second = {
      ...answer,
      runners: [
        {
          ...answer.runners[0]!,
          runnerProfileId: '0d6e3a52-0c4b-4b8e-9b1c-7f2b8b9b1a02',
          pageSlug: 'bo-runs',
          name: 'Bo Kim',
        },
      ],
      page: 2,
      totalPages: 2,
    };
    const { called } = mockApi({
      ...signedOut,
      'GET /api/charities/rivers?by=raised&page=1': jsonResponse(200, { ...answer, totalPages: 2 }),
      'GET /api/charities/rivers?by=raised&page=2': jsonResponse(200, second),
      'GET /api/charities/rivers?by=miles&page=1': jsonResponse(200, answer),
    });
    renderWithProviders(<CharityPage slug="rivers" />, { path: '/charities/rivers' });
    expect(await screen.findByRole('link', { name: 'London Marathon' })).toHaveAttribute(
      'href',
      '/events/london-marathon-2027',
    );
    expect(screen.queryByRole('link', { name: 'Village 10k Marathon' })).not.toBeInTheDocument();
    expect(document.body).toHaveTextContent('Village 10k Marathon, May 2, 2027 · 2 runners');

    const pager = screen.getByRole('navigation', { name: 'Runner pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Bo Kim' })).toHaveAttribute('href', '/bo-runs');
    expect(screen.getByRole('navigation', { name: 'Runner pages' })).toHaveTextContent('Page 2 of 2');
    expect(screen.getByRole('link', { name: 'Bo Kim' }).closest('ol')).toHaveAttribute('start', '51');
    // Another ranking starts again at its first page.
    fireEvent.click(screen.getByRole('button', { name: 'Miles' }));
    await screen.findByRole('link', { name: 'Ann Lee' });
    expect(called('GET', '/api/charities/rivers?by=miles&page=1')).toHaveLength(1);
  });

  it('says so when no charity has the address', async () => {
    mockApi({
      ...signedOut,
      'GET /api/charities/nobody?by=raised&page=1': jsonResponse(404, { message: 'Charity not found' }),
    });
    renderWithProviders(<CharityPage slug="nobody" />, { path: '/charities/nobody' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Charity not found' })).toBeInTheDocument();
  });

  it('verifies from the mailed link on a press, and shows why a used link fails', async () => {
    const api = mockApi({
      ...signedOut,
      'POST /api/charities/verify': (body: unknown) =>
        (body as { token: string }).token === 'good'
          ? jsonResponse(200, { charity })
          : jsonResponse(400, { message: 'This verification link is invalid or has expired.' }),
    });
    renderWithProviders(<CharityLinkAction kind="verify" />, { path: '/charities/verify?token=good' });
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Rivers Trust is verified' })).toBeInTheDocument();
  });
});
