import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, sampleOwnPage } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Dashboard } from './dashboard';

const page = sampleOwnPage();

describe('Dashboard', () => {
  it('offers Create Your First Page when there are no pages', async () => {
    mockApi({ 'GET /api/recent-profiles': jsonResponse(200, []) });
    renderWithProviders(<Dashboard />);

    expect(await screen.findByRole('link', { name: 'Create Your First Page' })).toHaveAttribute('href', '/signup');
  });

  it('says Failed to load your profiles when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/recent-profiles': jsonResponse(500, undefined, 'Internal Server Error') });
    renderWithProviders(<Dashboard />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your profiles');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows one card per page with its details and links', async () => {
    mockApi({ 'GET /api/recent-profiles': jsonResponse(200, [page]) });
    renderWithProviders(<Dashboard />);

    const card = (await screen.findByRole('heading', { name: 'Jane Doe' })).closest('article')!;
    expect(card).toHaveTextContent('/jane-runs');
    expect(card).toHaveTextContent('Chicago Marathon');
    expect(card).toHaveTextContent('October 12, 2099');
    expect(within(card).getByText(page.description)).toHaveClass('line-clamp-2');
    const view = within(card).getByRole('link', { name: /View Page/ });
    expect(view).toHaveAttribute('href', '/jane-runs');
    expect(view).toHaveAttribute('target', '_blank');
    expect(within(card).getByRole('link', { name: /Manage/ })).toHaveAttribute('href', '/jane-runs');
    expect(within(card).getByRole('link', { name: /Fitness/ })).toHaveAttribute('href', '/jane-runs/fitness');
  });

  it('shows whether each page is published and its fundraising progress', async () => {
    mockApi({
      'GET /api/recent-profiles': jsonResponse(200, [
        page,
        {
          ...page,
          id: '1b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a61',
          name: 'Hidden page',
          urlSlug: 'hidden',
          fundraisingCurrency: 'GBP',
          fundsRaised: '80.50',
          published: false,
        },
      ]),
    });
    renderWithProviders(<Dashboard />);

    const live = (await screen.findByRole('heading', { name: 'Jane Doe' })).closest('article')!;
    expect(live).toHaveTextContent('Published');
    expect(live).toHaveTextContent('$250 raised of $1,000');
    expect(within(live).getByRole('progressbar', { name: 'Fundraising progress of Jane Doe' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    const hidden = screen.getByRole('heading', { name: 'Hidden page' }).closest('article')!;
    expect(hidden).toHaveTextContent('Not published');
    // A page in pounds (JustGiving) shows pounds on its card.
    expect(hidden).toHaveTextContent('£80.50 raised of £1,000');
  });

  it('deletes a page after confirmation and says so', async () => {
    const { calls } = mockApi({
      'GET /api/recent-profiles': jsonResponse(200, [page]),
      [`DELETE /api/runner-profile/${page.id}`]: jsonResponse(200, { success: true }),
    });
    renderWithProviders(<Dashboard />);

    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('cannot be undone');
    expect(dialog).toHaveTextContent('challenges');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete page' }));

    expect(await screen.findByText('"Jane Doe" has been deleted successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Jane Doe' })).not.toBeInTheDocument();
  });

  it('keeps the page and says so when the delete fails', async () => {
    mockApi({
      'GET /api/recent-profiles': jsonResponse(200, [page]),
      [`DELETE /api/runner-profile/${page.id}`]: jsonResponse(500, undefined, 'Internal Server Error'),
    });
    renderWithProviders(<Dashboard />);

    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete page' }));

    expect(await screen.findByText('Failed to delete the profile. Please try again.')).toBeInTheDocument();
    // The dialog stays open to try again; the card is still there behind it.
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Jane Doe', hidden: true })).toBeInTheDocument();
  });
});
