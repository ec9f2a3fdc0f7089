// @vitest-environment node
import { createProfileRequestSchema } from '@runpledge/contracts';
import { describe, expect, it } from 'vitest';
import { sampleSignupForm, sampleUser } from '@/testing/fixtures';
import { toCreateProfileRequest } from './create-runner-profile';

describe('toCreateProfileRequest', () => {
  it.each([
    ['justgiving', sampleSignupForm()],
    [
      'haku',
      sampleSignupForm({
        donation_platform: 'haku',
        hakuFundraisingPage: 'https://haku.example/jane',
        charity_link: 'https://haku.example/jane',
        justGivingPageShortName: '',
      }),
    ],
    [
      'donordrive',
      sampleSignupForm({
        donation_platform: 'donordrive',
        donorDriveEventUrl: 'https://event.donordrive.example',
        donorDriveParticipantId: '4242',
        charity_link: 'https://event.donordrive.example',
        justGivingPageShortName: '',
      }),
    ],
  ])('sends a %s page the server’s shared schema accepts, challenges in order', (_, form) => {
    const parsed = createProfileRequestSchema.safeParse(toCreateProfileRequest({ form, userId: sampleUser().id }));

    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toMatchObject({
      urlSlug: form.url_slug,
      donationPlatform: form.donation_platform,
      challenges: form.challenges,
    });
  });

  it('sends the fundraising goal when the runner gave one, and none otherwise', () => {
    const withGoal = toCreateProfileRequest({
      form: sampleSignupForm({ fundraising_goal: 2500.5 }),
      userId: sampleUser().id,
    });
    expect(createProfileRequestSchema.parse(withGoal).fundraisingGoal).toBe(2500.5);
    const without = toCreateProfileRequest({ form: sampleSignupForm(), userId: sampleUser().id });
    expect(without).not.toHaveProperty('fundraisingGoal');
  });
});
