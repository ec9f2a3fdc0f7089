import { OUTAGE, PLEDGE_MESSAGES, type Pledge } from '@runpledge/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PledgeConfirmRoute from '@/app/routes/pledge-confirm';
import PledgeMailActionRoute from '@/app/routes/pledge-mail-action';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';

const pledge: Pledge = {
  id: '7d1f0a4e-3b2c-4d5e-8f90-1a2b3c4d5e6f',
  name: 'Sam',
  ratePerUnit: 1.5,
  unit: 'mi',
  cap: 100,
  counts: 'training',
  status: 'active',
  distanceCounted: 0,
  earned: 0,
  currency: 'USD',
  createdAt: '2026-11-20T10:00:00.000Z',
};

const routes = [
  { path: '/pledges/confirm', Component: PledgeConfirmRoute },
  { path: '/pledges/:pledgeId/:action', Component: PledgeMailActionRoute },
];
const renderAt = (path: string) => renderWithApp(routes, path);
const error = (status: number, message: string) => jsonResponse(status, { statusCode: status, message }, 'Error');

describe('/pledges/confirm', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('changes nothing on load: it says what confirming does and waits for the click', async () => {
    const api = mockApi({});
    renderAt('/pledges/confirm?token=tok_abc');

    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your pledge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm my pledge' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
    expect(document.title).toBe('Confirm your pledge · RunPledge');
  });

  it('confirms on the click, shows the pledge, and takes the token out of the address and history', async () => {
    const api = mockApi({ 'POST /api/pledges/confirm': jsonResponse(200, { pledge }) });
    const { router } = renderAt('/pledges/confirm?token=tok_abc');

    fireEvent.click(screen.getByRole('button', { name: 'Confirm my pledge' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you: your pledge is confirmed.');
    expect(api.calls).toEqual([expect.objectContaining({ method: 'POST', body: { token: 'tok_abc' } })]);
    expect(screen.getByTestId('pledge-details')).toHaveTextContent('Pledge$1.50 a mile');
    expect(screen.getByTestId('pledge-details')).toHaveTextContent('Cap$100');
    expect(screen.getByTestId('pledge-details')).toHaveTextContent('CountsTraining to race day');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: 'Confirm my pledge' })).not.toBeInTheDocument();

    // Away and Back: the entry still shows the confirmed pledge, not the button.
    await router.navigate('/pledges/x/unknown');
    await router.navigate(-1);
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you: your pledge is confirmed.');
    expect(api.calls).toHaveLength(1);
  });

  it('shows a pledge to a page raising in pounds in pounds, not dollars', async () => {
    mockApi({ 'POST /api/pledges/confirm': jsonResponse(200, { pledge: { ...pledge, currency: 'GBP' } }) });
    renderAt('/pledges/confirm?token=tok_abc');

    fireEvent.click(screen.getByRole('button', { name: 'Confirm my pledge' }));

    const details = await screen.findByTestId('pledge-details');
    expect(details).toHaveTextContent('Pledge£1.50 a mile');
    expect(details).toHaveTextContent('Cap£100');
    expect(details).toHaveTextContent('Earned so far£0');
    expect(details).not.toHaveTextContent('$');
  });

  it("tells a used or expired link with the contract's message, and offers no second try", async () => {
    mockApi({ 'POST /api/pledges/confirm': error(400, PLEDGE_MESSAGES.confirmLinkInvalid) });
    renderAt('/pledges/confirm?token=used');

    fireEvent.click(screen.getByRole('button', { name: 'Confirm my pledge' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired.');
    expect(screen.getByText(/If you confirmed already, your pledge counts/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my pledge' })).not.toBeInTheDocument();
  });

  it('says a link without a token is invalid, without calling anything', () => {
    const api = mockApi({});
    renderAt('/pledges/confirm');
    expect(screen.getByRole('alert')).toHaveTextContent(PLEDGE_MESSAGES.confirmLinkInvalid);
    expect(api.calls).toEqual([]);
  });

  it('keeps the button after an outage, so the supporter can try again', async () => {
    mockApi({ 'POST /api/pledges/confirm': error(503, OUTAGE.message) });
    renderAt('/pledges/confirm?token=tok_abc');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my pledge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OUTAGE.message);
    expect(screen.getByRole('button', { name: 'Confirm my pledge' })).toBeEnabled();
  });
});

describe('/pledges/{id}/paid, /cancel and /unsubscribe', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("marks the pledge paid on the click of I've paid, never on load", async () => {
    const api = mockApi({
      [`POST /api/pledges/${pledge.id}/paid`]: jsonResponse(200, { pledge: { ...pledge, status: 'paid', earned: 42 } }),
    });
    const { router } = renderAt(`/pledges/${pledge.id}/paid?token=tok_paid`);
    expect(screen.getByRole('heading', { level: 1, name: 'Mark your pledge as paid' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: "I've paid" }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you: your pledge is marked as paid.');
    expect(api.calls).toEqual([expect.objectContaining({ body: { token: 'tok_paid' } })]);
    expect(screen.getByTestId('pledge-details')).toHaveTextContent('StatusPaid');
    expect(screen.getByTestId('pledge-details')).toHaveTextContent('Earned so far$42');
    expect(router.state.location).toMatchObject({ pathname: `/pledges/${pledge.id}/paid`, search: '' });
  });

  it("cancels a pledge that fell due on the click, and shows it in its page's currency", async () => {
    const api = mockApi({
      [`POST /api/pledges/${pledge.id}/cancel`]: jsonResponse(200, {
        pledge: { ...pledge, status: 'cancelled', earned: 42, currency: 'GBP' },
      }),
    });
    renderAt(`/pledges/${pledge.id}/cancel?token=tok_c`);
    expect(screen.getByText(/can be cancelled until you mark it paid/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel my pledge' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your pledge is cancelled.');
    expect(api.calls).toEqual([expect.objectContaining({ body: { token: 'tok_c' } })]);
    expect(screen.getByTestId('pledge-details')).toHaveTextContent('Earned so far£42');
    expect(screen.getByTestId('pledge-details')).toHaveTextContent('StatusCancelled');
  });

  it("shows the server's reason when a pledge can no longer be cancelled", async () => {
    mockApi({ [`POST /api/pledges/${pledge.id}/cancel`]: error(409, PLEDGE_MESSAGES.cancelTooLate) });
    renderAt(`/pledges/${pledge.id}/cancel?token=tok_c`);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel my pledge' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(PLEDGE_MESSAGES.cancelTooLate);
    expect(screen.queryByRole('button', { name: 'Cancel my pledge' })).not.toBeInTheDocument();
  });

  it('stops the mails on the click, and says so', async () => {
    mockApi({ [`POST /api/pledges/${pledge.id}/unsubscribe`]: jsonResponse(200, { success: true }) });
    renderAt(`/pledges/${pledge.id}/unsubscribe?token=tok_u`);

    fireEvent.click(screen.getByRole('button', { name: 'Stop the mails' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Done: no more mails about this pledge.');
    expect(screen.queryByTestId('pledge-details')).not.toBeInTheDocument();
  });

  it('knows no other action', () => {
    mockApi({});
    renderAt(`/pledges/${pledge.id}/refund?token=t`);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
  });
});
