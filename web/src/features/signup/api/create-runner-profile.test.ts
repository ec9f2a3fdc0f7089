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

  it('names the chosen listed charity by its id, and no charity when none was chosen', () => {
    const charity = { id: '6f1f7c1e-2f0e-4e43-9a3c-3a4c8f6c2d11', name: 'Rivers Trust' };
    const named = toCreateProfileRequest({ form: sampleSignupForm({ charity }), userId: sampleUser().id });
    expect(createProfileRequestSchema.parse(named).charityId).toBe(charity.id);
    expect(named).not.toHaveProperty('charityName');
    const without = toCreateProfileRequest({ form: sampleSignupForm(), userId: sampleUser().id });
    expect(without).not.toHaveProperty('charityId');
  });
});
