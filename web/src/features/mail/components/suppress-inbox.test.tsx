import { MAIL_MESSAGES } from '@runpledge/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import MailStopRoute from '@/app/routes/mail-stop';
import PledgeMailActionRoute from '@/app/routes/pledge-mail-action';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';

const PLEDGE_ID = '7d1f0a4e-3b2c-4d5e-8f90-1a2b3c4d5e6f';
const routes = [
  { path: '/pledges/:pledgeId/:action', Component: PledgeMailActionRoute },
  { path: '/mail/stop', Component: MailStopRoute },
];
const renderAt = (path: string) => renderWithApp(routes, path);
const control = () => screen.getByRole('button', { name: 'No more mail from RunPledge to this address' });

describe('no more mail from RunPledge to this address', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('is offered on the page an unsubscribe link lands on, and sends that link’s token on the click only', async () => {
    const api = mockApi({ 'POST /api/mail/suppress': jsonResponse(200, { success: true }) });
    renderAt(`/pledges/${PLEDGE_ID}/unsubscribe?token=tok_u`);
    expect(screen.getByRole('button', { name: 'Stop the mails' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);

    fireEvent.click(control());

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: RunPledge will send no more mail to this address',
    );
    expect(api.calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/mail/suppress', body: { token: 'tok_u' } }),
    ]);
  });

  it('keeps the token after the pledge’s own mails are stopped (the address bar loses it)', async () => {
    const api = mockApi({
      [`POST /api/pledges/${PLEDGE_ID}/unsubscribe`]: jsonResponse(200, { success: true }),
      'POST /api/mail/suppress': jsonResponse(200, { success: true }),
    });
    const { router } = renderAt(`/pledges/${PLEDGE_ID}/unsubscribe?token=tok_u`);
    fireEvent.click(screen.getByRole('button', { name: 'Stop the mails' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done: no more mails about this pledge.');
    expect(router.state.location.search).toBe('');

    fireEvent.click(control());
    expect(await screen.findByText(/RunPledge will send no more mail to this address/)).toBeInTheDocument();
    expect(api.calls.at(-1)).toEqual(expect.objectContaining({ body: { token: 'tok_u' } }));
  });

  it('is the page of a team mail’s link, and says so when the link cannot work', async () => {
    mockApi({
      'POST /api/mail/suppress': jsonResponse(400, { statusCode: 400, message: MAIL_MESSAGES.linkInvalid }, 'Error'),
    });
    renderAt('/mail/stop?token=tok_bad');
    expect(screen.getByRole('heading', { level: 1, name: 'Stop mail from RunPledge' })).toBeInTheDocument();
    fireEvent.click(control());
    expect(await screen.findByRole('alert')).toHaveTextContent(MAIL_MESSAGES.linkInvalid);
  });

  it('offers nothing without a token', () => {
    mockApi({});
    renderAt('/mail/stop');
    expect(screen.queryByRole('button', { name: 'No more mail from RunPledge to this address' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(MAIL_MESSAGES.linkInvalid);
  });
});
