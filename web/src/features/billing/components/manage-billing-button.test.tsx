import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';
import { leaveFor } from '@/lib/leave-for';
import { ManageBillingButton } from './manage-billing-button';

vi.mock('@/lib/leave-for', () => ({ leaveFor: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

function stubPortal(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ManageBillingButton', () => {
  it('opens Stripe’s customer portal, coming back to this page', async () => {
    const fetchMock = stubPortal(200, { url: 'http://stripe.test/p/session/bps_1' });
    render(
      <ToastProvider>
        <ManageBillingButton />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://stripe.test/p/session/bps_1'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/subscription/portal',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ returnUrl: window.location.href }) }),
    );
  });

  it('says so when the portal cannot be opened', async () => {
    stubPortal(404, { message: 'There is no billing account to manage yet.' });
    render(
      <ToastProvider>
        <ManageBillingButton />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText('Billing unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  });
});
