import { PLEDGE_MESSAGES, type PagePledgesResponse } from '@runpledge/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PagePledges } from './page-pledges';

const profileId = '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60';
const READ = `GET /api/runner-profile/${profileId}/pledges`;
const CREATE = `POST /api/runner-profile/${profileId}/pledges`;

const NONE: PagePledgesResponse = {
  summary: {
    count: 0,
    ratePerUnitTotal: 0,
    unit: 'mi',
    distanceCounted: 0,
    sources: { strava: 0, manual: 0, upload: 0 },
    earned: 0,
    paid: 0,
    currency: 'USD',
    totals: [],
  },
  pledges: [],
  page: 1,
  totalPages: 1,
};

const SOME: PagePledgesResponse = {
  summary: {
    count: 14,
    ratePerUnitTotal: 38.5,
    unit: 'mi',
    distanceCounted: 50,
    sources: { strava: 42, manual: 8, upload: 0 },
    earned: 1925,
    paid: 0,
    currency: 'USD',
    totals: [{ currency: 'USD', count: 14, ratePerUnitTotal: 38.5, earned: 1925, paid: 0 }],
  },
  pledges: [
    {
      name: 'Ann',
      ratePerUnit: 2,
      cap: 50,
      counts: 'training',
      earned: 50,
      status: 'active',
      unit: 'mi',
      currency: 'USD',
    },
    {
      name: 'Ben',
      ratePerUnit: 1.5,
      cap: null,
      counts: 'race',
      earned: 0,
      status: 'active',
      unit: 'mi',
      currency: 'USD',
    },
  ],
  page: 1,
  totalPages: 1,
};

function renderPledges({
  unit = 'mi',
  currency = 'USD',
  marathonDate = '2099-10-12',
}: { unit?: 'mi' | 'km'; currency?: string; marathonDate?: string } = {}) {
  return renderWithProviders(
    <PagePledges
      runnerProfileId={profileId}
      runnerName="Jane"
      unit={unit}
      currency={currency}
      marathonDate={marathonDate}
    />,
  );
}

async function openDialog(unit: 'mi' | 'km' = 'mi') {
  mockApi({ [READ]: jsonResponse(200, NONE) });
  renderPledges({ unit });
  fireEvent.click(screen.getByRole('button', { name: `Pledge per ${unit === 'mi' ? 'mile' : 'km'}` }));
  return screen.findByRole('dialog', { name: `Pledge per ${unit === 'mi' ? 'mile' : 'km'}` });
}

const fill = (dialog: HTMLElement, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
};

describe("a page's pledges", () => {
  it('sums them up in one sentence, with the distance by source and each name and earned amount', async () => {
    mockApi({ [READ]: jsonResponse(200, SOME) });
    renderPledges();

    expect(await screen.findByTestId('pledge-summary')).toHaveTextContent(
      '14 supporters pledge $38.50 a mile: $1,925 so far at 50 mi',
    );
    expect(screen.getByTestId('pledge-sources')).toHaveTextContent('Counted: 42 mi via Strava, 8 mi entered by hand');
    const rows = within(screen.getByRole('list', { name: 'Pledges' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ann$2 a mile, up to $50 · Training to race day$50',
      'Ben$1.50 a mile · The race (26.2 mi)$0',
    ]);
  });

  it("writes amounts in the page's currency and distances in its unit", async () => {
    mockApi({
      [READ]: jsonResponse(200, {
        summary: {
          ...SOME.summary,
          count: 1,
          unit: 'km',
          ratePerUnitTotal: 1,
          earned: 12.4,
          distanceCounted: 12.4,
          sources: { strava: 0, manual: 0, upload: 12.4 },
          currency: 'GBP',
          totals: [{ currency: 'GBP', count: 1, ratePerUnitTotal: 1, earned: 12.4, paid: 12.4 }],
        },
        pledges: [
          { ...SOME.pledges[0], ratePerUnit: 1, cap: null, earned: 12.4, status: 'paid', unit: 'km', currency: 'GBP' },
        ],
        page: 1,
        totalPages: 1,
      }),
    });
    renderPledges({ unit: 'km', currency: 'GBP' });

    expect(await screen.findByTestId('pledge-summary')).toHaveTextContent(
      '1 supporter pledges £1 per km: £12.40 so far at 12.4 km',
    );
    expect(screen.getByTestId('pledge-sources')).toHaveTextContent('Counted: 12.4 km uploaded file');
    expect(within(screen.getByRole('list', { name: 'Pledges' })).getByText('Paid')).toBeInTheDocument();
    // A paid pledge fell due first: the runner has finished.
    expect(screen.getByText('Jane has finished: pledges are closed.')).toBeInTheDocument();
  });

  it('states each currency on its own when pledges were made in more than one, never adding them', async () => {
    mockApi({
      [READ]: jsonResponse(200, {
        ...SOME,
        summary: {
          ...SOME.summary,
          count: 2,
          ratePerUnitTotal: 2,
          earned: 52.4,
          currency: 'GBP',
          totals: [
            { currency: 'GBP', count: 1, ratePerUnitTotal: 2, earned: 52.4, paid: 0 },
            { currency: 'SEK', count: 1, ratePerUnitTotal: 10, earned: 100, paid: 0 },
          ],
        },
        pledges: [
          { ...SOME.pledges[0], name: 'Sven', ratePerUnit: 10, cap: 100, earned: 100, currency: 'SEK' },
          { ...SOME.pledges[0], name: 'Pat', ratePerUnit: 2, cap: null, earned: 52.4, currency: 'GBP' },
        ],
      }),
    });
    renderPledges({ currency: 'GBP' });
    expect(await screen.findByTestId('pledge-summary')).toHaveTextContent(
      '1 supporter pledges £2 a mile: £52.40 so far at 50 mi',
    );
    expect(screen.getByTestId('pledge-other-currencies')).toHaveTextContent(
      /Also pledged in other currencies: SEK\s100 from 1 supporter/,
    );
    const rows = within(screen.getByRole('list', { name: 'Pledges' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/SvenSEK\s10 a mile, up to SEK\s100 · Training to race daySEK\s100/);
    expect(rows[1]).toHaveTextContent('Pat£2 a mile · Training to race day£52.40');
  });

  it('lists 50 a page, with Previous and Next', async () => {
    const named = (from: number) =>
      Array.from({ length: 50 }, (_, i) => ({ ...SOME.pledges[1], name: `Supporter ${from + i}` }));
    const api = mockApi({
      [READ]: jsonResponse(200, { ...SOME, pledges: named(1), page: 1, totalPages: 2 }),
      [`${READ}?page=2`]: jsonResponse(200, { ...SOME, pledges: named(51), page: 2, totalPages: 2 }),
    });
    renderPledges();
    const pages = await screen.findByRole('navigation', { name: 'Pledge pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Supporter 51')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pledge pages' })).toHaveTextContent('Page 2 of 2');
    expect(api.called('GET', `/api/runner-profile/${profileId}/pledges?page=2`)).toHaveLength(1);
  });

  it('invites the first pledge when there is none', async () => {
    mockApi({ [READ]: jsonResponse(200, NONE) });
    renderPledges();
    expect(await screen.findByText(/No pledges yet/)).toHaveTextContent(
      'No pledges yet. Promise an amount for every mile Jane runs.',
    );
    expect(screen.queryByRole('list', { name: 'Pledges' })).not.toBeInTheDocument();
  });

  it('takes no new pledge once race day has passed, or once the runner has finished', async () => {
    mockApi({ [READ]: jsonResponse(200, NONE) });
    const { unmount } = renderPledges({ marathonDate: '2020-04-19' });
    expect(await screen.findByText('Jane has finished: pledges are closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pledge per mile' })).not.toBeInTheDocument();
    unmount();

    mockApi({ [READ]: jsonResponse(200, { ...SOME, pledges: [{ ...SOME.pledges[0], status: 'due' }] }) });
    renderPledges();
    expect(await screen.findByText('Jane has finished: pledges are closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pledge per mile' })).not.toBeInTheDocument();
  });
});

describe('the Pledge per mile dialog', () => {
  // The dialog is a lazy chunk; loading it once up front keeps the tests' waits short.
  beforeAll(() => import('./pledge-dialog'));

  it("refuses what the contract refuses, with the contract's messages, before sending anything", async () => {
    const dialog = await openDialog();
    fill(dialog, { 'Your name': ' ', Email: 'not-an-address', 'Amount per mile ($)': '0', 'Cap ($)': '' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pledge' }));

    const name = within(dialog).getByLabelText('Your name');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(PLEDGE_MESSAGES.nameRequired));
    expect(name).toHaveFocus();
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining(PLEDGE_MESSAGES.emailInvalid),
    );
    expect(within(dialog).getByLabelText('Amount per mile ($)')).toHaveAccessibleDescription(PLEDGE_MESSAGES.rateRange);

    fill(dialog, { 'Your name': 'Sam', Email: 'sam@example.com', 'Amount per mile ($)': '2.5', 'Cap ($)': '2' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pledge' }));
    const cap = within(dialog).getByLabelText('Cap ($)');
    expect(cap).toHaveAccessibleDescription(expect.stringContaining(PLEDGE_MESSAGES.capBelowRate));
    expect(cap).toHaveFocus();
  });

  it('takes digits and one decimal point only in the amounts', async () => {
    const dialog = await openDialog();
    const rate = within(dialog).getByLabelText('Amount per mile ($)');
    fireEvent.change(rate, { target: { value: '1.25' } });
    fireEvent.change(rate, { target: { value: '1.25e3' } });
    expect(rate).toHaveValue('1.25');
  });

  it('sends the pledge and asks to confirm it from the mail', async () => {
    const api = mockApi({
      [READ]: jsonResponse(200, NONE),
      [CREATE]: jsonResponse(201, { pledge: { id: 'p1', status: 'pending_confirmation' } }),
    });
    renderPledges();
    fireEvent.click(screen.getByRole('button', { name: 'Pledge per mile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pledge per mile' });
    fill(dialog, {
      'Your name': ' Sam ',
      Email: 'Sam@Example.com',
      'Amount per mile ($)': '1.50',
      'Cap ($)': '100',
      Message: 'Go Jane!',
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: /The race itself/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pledge' }));

    expect(await screen.findByRole('dialog', { name: 'Check your e-mail to confirm' })).toHaveTextContent(
      'We sent a link to sam@example.com.',
    );
    expect(api.called('POST', `/api/runner-profile/${profileId}/pledges`)).toEqual([
      expect.objectContaining({
        body: {
          name: 'Sam',
          email: 'sam@example.com',
          ratePerUnit: 1.5,
          cap: 100,
          counts: 'race',
          message: 'Go Jane!',
        },
      }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says per km on a page in kilometres, and shows the server's reason when it refuses", async () => {
    mockApi({
      [READ]: jsonResponse(200, NONE),
      [CREATE]: jsonResponse(429, { statusCode: 429, message: 'Too many pledges. Please try again later.' }),
    });
    renderPledges({ unit: 'km' });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge per km' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pledge per km' });
    expect(within(dialog).getByRole('radio', { name: /The race itself/ })).toHaveAccessibleName(
      expect.stringContaining('42.2 km'),
    );
    fill(dialog, { 'Your name': 'Sam', Email: 'sam@example.com', 'Amount per km ($)': '1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pledge' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many pledges. Please try again later.');
    expect(within(dialog).getByLabelText('Your name')).toHaveValue('Sam');
  });
});
