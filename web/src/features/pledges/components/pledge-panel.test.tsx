import type { ManagePledgesResponse, OwnerPledge } from '@runpledge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PledgePanel } from './pledge-panel';

const page = { id: '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60', name: 'Jane Doe', urlSlug: 'jane-runs' };
const MANAGE = `GET /api/runner-profile/${page.id}/pledges/manage`;
const CLOSE = `POST /api/runner-profile/${page.id}/pledges/close`;

const pledge = (overrides: Partial<OwnerPledge>): OwnerPledge => ({
  id: crypto.randomUUID(),
  name: 'Ann',
  ratePerUnit: 2,
  unit: 'mi',
  cap: null,
  counts: 'training',
  status: 'active',
  distanceCounted: 50,
  earned: 100,
  currency: 'USD',
  createdAt: '2026-11-01T10:00:00.000Z',
  message: null,
  due: 0,
  paid: 0,
  confirmedAt: '2026-11-01T10:05:00.000Z',
  dueAt: null,
  paidAt: null,
  ...overrides,
});

const managed = (pledges: OwnerPledge[], summary: Partial<ManagePledgesResponse['summary']> = {}) => ({
  summary: {
    count: pledges.length,
    ratePerUnitTotal: 3.5,
    unit: 'mi',
    distanceCounted: 50,
    sources: { strava: 50, manual: 0, upload: 0 },
    earned: 150,
    paid: 0,
    currency: 'USD',
    due: 0,
    closedAt: null,
    totals: [{ currency: 'USD', count: pledges.length, ratePerUnitTotal: 3.5, earned: 150, paid: 0, due: 0 }],
    ...summary,
  },
  pledges,
  page: 1,
  totalPages: 1,
});

describe("the dashboard's pledge panel", () => {
  it('lists each supporter with what they pledged, earned, owe and paid, and their status', async () => {
    mockApi({
      [MANAGE]: jsonResponse(
        200,
        managed([
          pledge({ name: 'Ann', cap: 80, earned: 80, message: 'Go Jane!' }),
          pledge({ name: 'Ben', ratePerUnit: 1.5, counts: 'race', earned: 0, status: 'paid', paid: 39.3 }),
        ]),
      ),
    });
    renderWithProviders(<PledgePanel page={page} />);

    const panel = screen.getByRole('region', { name: 'Pledges of Jane Doe' });
    expect(await within(panel).findByTestId('pledge-panel-summary')).toHaveTextContent(
      '2 supporters pledge $3.50 a mile: $150 earned at 50 mi',
    );
    const [ann, ben] = within(panel).getAllByRole('listitem');
    expect(ann).toHaveTextContent(
      'AnnActive$2 a mile, up to $80 · Training to race day“Go Jane!”Earned$80Due$0Paid$0Remove',
    );
    expect(ben).toHaveTextContent('BenPaid$1.50 a mile · The race (26.2 mi)Earned$0Due$0Paid$39.30Remove');
    expect(panel).not.toHaveTextContent('@');
  });

  it("makes the pledges due on I've finished, once confirmed, and says how many", async () => {
    let closed = false;
    const api = mockApi({
      [MANAGE]: () =>
        jsonResponse(
          200,
          closed
            ? managed([pledge({ status: 'due', due: 100 })], { due: 100, closedAt: '2026-11-27T18:00:00.000Z' })
            : managed([pledge({})]),
        ),
      [CLOSE]: () => {
        closed = true;
        return jsonResponse(200, { due: 1 });
      },
    });
    renderWithProviders(<PledgePanel page={page} />);

    fireEvent.click(await screen.findByRole('button', { name: "I've finished" }));
    const confirm = screen.getByRole('alertdialog', { name: 'Have you finished?' });
    expect(confirm).toHaveTextContent('The active pledge falls due now');
    expect(api.called('POST', `/api/runner-profile/${page.id}/pledges/close`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: "Yes, I've finished" }));

    expect(await screen.findByText('1 pledge is now due: its supporter is e-mailed')).toBeInTheDocument();
    expect(api.called('POST', `/api/runner-profile/${page.id}/pledges/close`)).toHaveLength(1);
    expect(await screen.findByText(/You finished on Nov 27, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I've finished" })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'AnnDue$2 a mile · Training to race dayEarned$100Due$100Paid$0Remove',
    );
  });

  it('removes a pledge once the owner confirms, and reads the list again', async () => {
    const rude = pledge({ name: 'Rude Name' });
    let removed = false;
    const api = mockApi({
      [MANAGE]: () => jsonResponse(200, managed(removed ? [pledge({ name: 'Ann' })] : [pledge({ name: 'Ann' }), rude])),
      [`DELETE /api/runner-profile/${page.id}/pledges/${rude.id}`]: () => {
        removed = true;
        return jsonResponse(200, { success: true });
      },
    });
    renderWithProviders(<PledgePanel page={page} />);

    fireEvent.click(await screen.findByRole('button', { name: "Remove Rude Name's pledge" }));
    const confirm = screen.getByRole('alertdialog', { name: "Remove Rude Name's pledge?" });
    expect(confirm).toHaveTextContent('its supporter gets no more mail about it');
    expect(api.called('DELETE', `/api/runner-profile/${page.id}/pledges/${rude.id}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove pledge' }));

    expect(await screen.findByText("Rude Name's pledge was removed")).toBeInTheDocument();
    expect(api.called('DELETE', `/api/runner-profile/${page.id}/pledges/${rude.id}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: "Remove Rude Name's pledge" })).not.toBeInTheDocument(),
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows each pledge in its own currency, and pages of 50 with Previous and Next', async () => {
    const many = (from: number) => Array.from({ length: 50 }, (_, i) => pledge({ name: `Supporter ${from + i}` }));
    const api = mockApi({
      [MANAGE]: jsonResponse(200, {
        ...managed([pledge({ name: 'Sven', currency: 'SEK', ratePerUnit: 10, earned: 100, due: 100 }), ...many(2)], {
          totals: [
            { currency: 'USD', count: 49, ratePerUnitTotal: 98, earned: 4900, paid: 0, due: 0 },
            { currency: 'SEK', count: 1, ratePerUnitTotal: 10, earned: 100, paid: 0, due: 100 },
          ],
        }),
        totalPages: 2,
      }),
      [`${MANAGE}?page=2`]: jsonResponse(200, { ...managed(many(52)), page: 2, totalPages: 2 }),
    });
    renderWithProviders(<PledgePanel page={page} />);
    const [sven] = await screen.findAllByRole('listitem');
    expect(sven).toHaveTextContent(/SvenActiveSEK\s10 a mile · Training to race dayEarnedSEK\s100DueSEK\s100/);
    expect(screen.getByTestId('pledge-panel-other-currencies')).toHaveTextContent(
      /Also pledged in other currencies: SEK\s100 from 1 supporter/,
    );
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pledge pages' })).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByText('Supporter 52')).toBeInTheDocument();
    expect(api.called('GET', `/api/runner-profile/${page.id}/pledges/manage?page=2`)).toHaveLength(1);
  });

  it('offers no close without an active pledge, and says when there is none yet', async () => {
    mockApi({ [MANAGE]: jsonResponse(200, managed([], { unit: 'km' })) });
    renderWithProviders(<PledgePanel page={page} />);
    expect(await screen.findByText('No pledges yet. Supporters pledge per km from your page.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I've finished" })).not.toBeInTheDocument();
  });

  it('says the pledges failed to load, with a way to try again', async () => {
    mockApi({ [MANAGE]: jsonResponse(503, { message: 'down' }) });
    renderWithProviders(<PledgePanel page={page} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the pledges');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
