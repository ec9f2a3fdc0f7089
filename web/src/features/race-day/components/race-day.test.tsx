import { fireEvent, screen } from '@testing-library/react';
import type { ProfileView } from '@runpledge/contracts';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FinishBanner } from './finish-banner';
import { FollowForm } from './follow-form';
import { parseFinishTime, RaceDayPanel } from './race-day-panel';

const profileId = '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60';

/** What the banner reads of a page. */
const sampleProfileView = (overrides: Partial<ProfileView> = {}) =>
  ({
    id: profileId,
    name: 'Jane Doe',
    marathonName: 'Chicago Marathon',
    marathonDate: '2099-10-12',
    raceResult: null,
    followerCount: 0,
    raisingUntil: '2099-11-11',
    ...overrides,
  }) as ProfileView;

describe('race day on the page', () => {
  it('shows the finish with its time and the last day of raising', () => {
    renderWithProviders(
      <FinishBanner
        profile={sampleProfileView({
          raceResult: { status: 'finished', finishSeconds: 4 * 3600 + 12 * 60 + 5, source: 'upload' },
          raisingUntil: '2099-11-11',
        })}
      />,
    );
    const banner = screen.getByRole('region', { name: 'Race result' });
    expect(banner).toHaveTextContent('Jane Doe finished Chicago Marathon in 4:12:05');
    expect(banner).toHaveTextContent('Still raising until November 11, 2099');
  });

  it('shows nothing before a result', () => {
    renderWithProviders(<FinishBanner profile={sampleProfileView()} />);
    expect(screen.queryByRole('region', { name: 'Race result' })).toBeNull();
  });

  it('follows with an address, then says to check the mail', async () => {
    const { called } = mockApi({
      [`POST /api/runner-profile/${profileId}/followers`]: jsonResponse(201, {
        follower: { status: 'pending_confirmation' },
      }),
    });
    renderWithProviders(<FollowForm runnerProfileId={profileId} runnerName="Jane" />);
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'not-mail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow the race' }));
    expect(screen.getByLabelText('Your e-mail')).toHaveAccessibleDescription('Please enter a valid email address');
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: ' Fan@Example.com ' } });
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Fran' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow the race' }));
    expect(await screen.findByRole('status')).toHaveTextContent('we sent a link to fan@example.com');
    expect(called('POST', `/api/runner-profile/${profileId}/followers`)[0]!.body).toEqual({
      name: 'Fran',
      email: 'fan@example.com',
    });
  });

  it('lets the runner choose the last day of raising, race day to a year after', async () => {
    const slug = 'jane-doe';
    const { called } = mockApi({
      [`GET /api/runner-profile/${slug}`]: jsonResponse(200, {
        profile: sampleProfileView({ marathonDate: '2026-10-12', raisingUntil: '2026-11-11', isOwner: true }),
      }),
      [`PUT /api/runner-profile/${profileId}`]: jsonResponse(200, { profile: { id: profileId } }),
    });
    renderWithProviders(<RaceDayPanel page={{ id: profileId, name: 'Jane Doe', urlSlug: slug }} />);
    const field = await screen.findByLabelText('Still raising until');
    expect(field).toHaveValue('2026-11-11');
    expect(field).toHaveAttribute('min', '2026-10-12');
    expect(field).toHaveAttribute('max', '2027-10-12');

    fireEvent.change(field, { target: { value: '2026-10-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }));
    expect(field).toHaveAccessibleDescription(/The last day of raising must be on or after race day/);
    expect(called('PUT', `/api/runner-profile/${profileId}`)).toHaveLength(0);

    fireEvent.change(field, { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }));
    expect(
      await screen.findByText('Your page says it is still raising until Thursday, December 31, 2026.'),
    ).toBeVisible();
    expect(called('PUT', `/api/runner-profile/${profileId}`).map((c) => c.body)).toEqual([
      { raisingUntil: '2026-12-31' },
    ]);
  });

  it('reads a finish time typed as h:mm:ss or h:mm', () => {
    expect(parseFinishTime('4:12:05')).toBe(15125);
    expect(parseFinishTime(' 3:59 ')).toBe(14340);
    expect(parseFinishTime('4:75:00')).toBeNaN();
    expect(parseFinishTime('fast')).toBeNaN();
  });
});
