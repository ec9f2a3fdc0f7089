import { OUTAGE, RELEASE_LINK_INVALID } from '@runpledge/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp, stubPage } from '@/testing/render-app';
import ReleaseClaimRoute from './release-claim';

const RELEASE = 'POST /api/challenge-claims/release-by-link';
const LINK = '/release-claim?token=tok_abc-123';

function renderPage(path = LINK) {
  return renderWithApp([{ path: '/release-claim', Component: ReleaseClaimRoute }, stubPage('/dashboard')], path);
}

const releaseButton = () => screen.getByRole('button', { name: 'Release this claim' });

describe('/release-claim', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('releases nothing on load: it says what the button does and waits for the click', async () => {
    const api = mockApi({});
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Release a challenge claim' })).toBeInTheDocument();
    expect(screen.getByText(/takes the supporter's name off the challenge/)).toBeInTheDocument();
    expect(releaseButton()).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
    expect(document.title).toBe('Release a challenge claim · RunPledge');
  });

  it("releases the link's claim on the click and confirms it, with a way to the dashboard", async () => {
    const api = mockApi({ [RELEASE]: jsonResponse(200, { success: true }) });
    const { router } = renderPage();

    fireEvent.click(releaseButton());

    expect(await screen.findByRole('status')).toHaveTextContent('Done: the claim is released.');
    expect(api.called('POST', '/api/challenge-claims/release-by-link')).toEqual([
      expect.objectContaining({ body: { token: 'tok_abc-123' } }),
    ]);
    expect(screen.queryByRole('button', { name: 'Release this claim' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Go to my dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("tells a used or made-up link with the server's message, and offers no second try", async () => {
    mockApi({
      [RELEASE]: jsonResponse(404, { statusCode: 404, error: 'Not Found', message: RELEASE_LINK_INVALID }, 'Not Found'),
    });
    renderPage();

    fireEvent.click(releaseButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(RELEASE_LINK_INVALID);
    expect(screen.queryByRole('button', { name: 'Release this claim' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toBeInTheDocument();
  });

  it('calls a link without a token invalid without asking the server', () => {
    const api = mockApi({});
    renderPage('/release-claim');

    expect(screen.getByRole('alert')).toHaveTextContent(RELEASE_LINK_INVALID);
    expect(screen.queryByRole('button', { name: 'Release this claim' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it.each([
    [
      'too many attempts (429)',
      jsonResponse(429, { statusCode: 429, message: 'Too many attempts. Please wait 3 minutes and try again.' }),
      'Too many attempts. Please wait 3 minutes and try again.',
    ],
    ['an outage (503)', jsonResponse(503, { statusCode: 503, message: OUTAGE.message }), OUTAGE.message],
    ['an outage without a body', jsonResponse(503, undefined, 'Service Unavailable'), OUTAGE.message],
    ['a server error', jsonResponse(500, {}), 'Something went wrong and the claim was not released. Please try again.'],
  ])('after %s, says to try again and keeps the button', async (_, response, message) => {
    const api = mockApi({ [RELEASE]: response });
    renderPage();

    fireEvent.click(releaseButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(releaseButton()).toBeEnabled();
    expect(api.called('POST', '/api/challenge-claims/release-by-link')).toHaveLength(1);
  });
});
