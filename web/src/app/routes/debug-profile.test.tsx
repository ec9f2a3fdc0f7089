import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_NOTICE_TITLE } from '@/features/sample-page/sample-notice';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { routes } from '../router';

/** The sample at `path`, with every API call recorded (and answered with a failure). */
async function openSample(path = '/test-sample') {
  const api = mockApi({});
  renderWithApp(routes, path);
  await screen.findByRole('heading', { level: 1, name: 'Alex Morgan' });
  return api;
}

const runNames = () =>
  within(screen.getByRole('list', { name: 'Runs' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('sample runner page at /test-{name}', () => {
  // Lazy chunks; loading them once up front keeps the tests' waits short.
  beforeAll(() =>
    Promise.all([
      import('./runner-page'),
      import('./debug-profile'),
      import('@/features/runner-page/components/encouragement-dialog'),
    ]),
  );
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  it('shows the real runner page for the sample runner, marked as a sample, without calling the API', async () => {
    // The sample's totals follow the time of day: fix the clock (only Date) to know them.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const { calls } = await openSample();

    expect(document.title).toBe('Sample runner page · RunPledge');
    const banner = screen.getByRole('complementary', { name: 'Sample page' });
    expect(banner).toHaveTextContent('Every runner gets a page like this one.');
    expect(within(banner).getByRole('link', { name: 'Create Your Page' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText(/Running the/)).toHaveTextContent('Running the Chicago Marathon');
    expect(Number(screen.getByTestId('countdown-days').textContent)).toBeGreaterThan(0);
    for (const title of [
      'My Story',
      'Fundraising Progress',
      'Training History',
      'Share & Support',
      'Every Mile Matters',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByTestId('funds-raised')).toHaveTextContent('$2,045');
    expect(screen.getByText('44 donors')).toBeInTheDocument();
    expect(screen.getByText('From JustGiving, updated 3 minutes ago')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Miles Trained')).toHaveTextContent(/^\d+\.\d/);
    expect(screen.getByTestId('stat-Goal Time')).toHaveTextContent('3h 55m');
    expect(screen.getByTestId('stat-Average Pace')).toHaveTextContent(/^\d+:\d{2} \/mi$/);
    expect(screen.getByTestId('weekly-miles-chart')).toBeInTheDocument();
    expect(calls.filter((call) => !call.path.startsWith('/api/auth/'))).toEqual([]);
  });

  it('moves its totals while it is open, as a live page does', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    await openSample();
    expect(screen.getByTestId('funds-raised')).toHaveTextContent('$2,045');

    // Four hours on, the next read shows the donations that came in meanwhile.
    vi.setSystemTime(new Date('2026-11-22T14:00:00Z'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('funds-raised')).toHaveTextContent('$2,195');
    expect(screen.getByText('49 donors')).toBeInTheDocument();
  });

  it('lists the challenges, exclusive ones marked, one claimed and the others counted', async () => {
    await openSample();

    const challenges = within(screen.getByRole('list', { name: 'Challenges' })).getAllByRole('listitem');
    expect(challenges).toHaveLength(6);
    expect(screen.getAllByText('Exclusive')).toHaveLength(3);
    // The claimed exclusive challenge shows its supporter instead of its button.
    expect(screen.getAllByRole('button', { name: /^Choose This Challenge/ })).toHaveLength(5);
    expect(within(challenges[5]!).getByText('Claimed by Alex')).toBeInTheDocument();
    expect(within(challenges[0]!).getByText('4 supporters have chosen this')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Choose This Challenge|Donate Now/ })).not.toBeInTheDocument();
  });

  it('pages through the training history five runs at a time', async () => {
    await openSample();

    const first = runNames();
    expect(first).toHaveLength(5);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    const second = runNames();
    expect(second).toHaveLength(5);
    expect(second).not.toEqual(first);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(runNames()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('has no owner controls and no sign-in to edit', async () => {
    await openSample();

    for (const name of ['Edit story', 'Add Challenge', 'Sync']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Reorder) challenge/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Training Data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Messages from Supporters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to edit' })).not.toBeInTheDocument();
  });

  it('explains that donating and choosing a challenge are turned off on a sample', async () => {
    const { calls } = await openSample();

    fireEvent.click(screen.getAllByRole('button', { name: 'Donate Now' })[0]!);
    expect(
      await screen.findByText(/Donate Now takes supporters straight to your fundraising page/),
    ).toBeInTheDocument();
    expect(screen.getByText(SAMPLE_NOTICE_TITLE)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /^Choose This Challenge: Write your name on my arm/ }));
    expect(await screen.findByText(/opens your fundraising page with \$40 filled in/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('checks an encouragement as usual, then explains it is not sent from a sample', async () => {
    const { calls } = await openSample();

    fireEvent.click(screen.getByRole('button', { name: 'Send Encouragement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Encouragement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByLabelText('Your name')).toHaveAccessibleDescription('Please fill in all fields');

    fireEvent.change(within(dialog).getByLabelText('Your name'), { target: { value: 'Sam' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Go Alex!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(/messages like this one go straight to you/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Encouragement sent!')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows the same sample for any name, never echoing the name', async () => {
    await openSample('/test-%3Cb%3Eanything%3C%2Fb%3E');

    expect(screen.getByRole('complementary', { name: 'Sample page' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('anything');
  });
});
