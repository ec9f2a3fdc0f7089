import type { PageInsights } from '@runpledge/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, sampleOwnPage } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PageInsightsPanel } from './page-insights-panel';

const page = sampleOwnPage();

const day = (date: string, views: number) => ({
  date,
  views,
  uniqueVisitors: Math.min(views, 2),
  shares: 0,
  donateClicks: 0,
  challengePicks: 0,
});
const insights: PageInsights = {
  days: [
    ...Array.from({ length: 29 }, (_, i) => day(`2026-10-${String(i + 1).padStart(2, '0')}`, 0)),
    { ...day('2026-10-30', 5), shares: 1, donateClicks: 2 },
  ],
  totals: { views: 5, shares: 1, donateClicks: 2, challengePicks: 0 },
  challenges: [],
};
const path = `/api/runner-profile/${page.id}/insights?days=30`;

describe('PageInsightsPanel', () => {
  it('shows the 30 days as a chart, the totals, and the same figures as a table', async () => {
    mockApi({ [`GET ${path}`]: jsonResponse(200, insights) });
    renderWithProviders(<PageInsightsPanel profile={page} />);

    expect(await screen.findByTestId('page-insights-totals')).toHaveTextContent(
      '5 views · 1 share · 2 donate clicks · 0 challenges chosen',
    );
    const bars = screen.getByTestId('page-insights-chart').querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    expect(bars[29]).toHaveAttribute('data-views', '5');
    fireEvent.click(screen.getByText('Visits by day (table)'));
    const latest = within(screen.getByRole('table')).getByRole('row', { name: /Oct 30/ });
    expect(
      within(latest)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '2', '1', '2', '0']);
  });

  it('says so when the figures cannot be loaded, and still offers the poster', async () => {
    mockApi({ [`GET ${path}`]: jsonResponse(503, { message: 'down' }) });
    renderWithProviders(<PageInsightsPanel profile={page} />);

    expect(await screen.findByText('Visits cannot be shown right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /PDF.*poster of Jane Doe/ })).toHaveAttribute(
      'href',
      `/api/runner-profile/${page.id}/poster.pdf`,
    );
    expect(screen.getByRole('link', { name: /PNG.*poster of Jane Doe/ })).toHaveAttribute('download');
  });
});
