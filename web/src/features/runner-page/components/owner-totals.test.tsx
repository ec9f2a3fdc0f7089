import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { sampleProfileView } from '../testing/sample-profile';
import OwnerTotals from './owner-totals';

describe('OwnerTotals currency', () => {
  it('lets hand-typed totals choose their currency, sending it with the totals', async () => {
    const profile = sampleProfileView({ isOwner: true, totalsSource: 'manual', fundraisingCurrency: 'USD' });
    const api = mockApi({
      [`PUT /api/runner-profile/${profile.id}`]: jsonResponse(200, {
        profile: { ...profile, fundraisingCurrency: 'GBP' },
      }),
    });
    renderWithProviders(<OwnerTotals profile={profile} />);

    fireEvent.click(screen.getByRole('button', { name: 'Edit totals' }));
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'GBP' } });
    expect(screen.getByLabelText('Fundraising goal (GBP)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your fundraising totals have been updated')).toBeInTheDocument();
    expect(api.calls[0]?.body).toMatchObject({ fundraisingCurrency: 'GBP', fundsRaised: '250.00' });
  });

  it('shows a synced page’s currency read-only, as its platform sets it', () => {
    const profile = sampleProfileView({ isOwner: true, totalsSource: 'justgiving', fundraisingCurrency: 'GBP' });
    renderWithProviders(<OwnerTotals profile={profile} />);

    fireEvent.click(screen.getByRole('button', { name: 'Edit goal' }));
    expect(screen.queryByLabelText('Currency')).not.toBeInTheDocument();
    expect(screen.getByTestId('platform-currency')).toHaveTextContent('Currency: GBP, set by JustGiving');
  });
});
