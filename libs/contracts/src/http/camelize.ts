/** Renames the snake_case keys of the saved sign-up form (spec 3) to the camelCase the API speaks. */
const SNAKE_TO_CAMEL: Record<string, string> = {
  url_slug: 'urlSlug',
  slug: 'urlSlug',
  marathon_name: 'marathonName',
  marathon_date: 'marathonDate',
  goal_hours: 'goalHours',
  goal_minutes: 'goalMinutes',
  donation_platform: 'donationPlatform',
  charity_link: 'charityLink',
  connect_strava: 'connectStrava',
  hakuFundraisingPage: 'hakuDonationUrl',
  haku_donation_url: 'hakuDonationUrl',
  donor_drive_event_url: 'donorDriveEventUrl',
  donor_drive_participant_id: 'donorDriveParticipantId',
  just_giving_page_short_name: 'justGivingPageShortName',
  fundraising_goal: 'fundraisingGoal',
  is_exclusive: 'isExclusive',
  runner_profile_id: 'runnerProfileId',
  challenge_ids: 'challengeIds',
};
export function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const target = SNAKE_TO_CAMEL[key] ?? key;
    if (!(target in out) || out[target] === undefined || out[target] === '') out[target] = camelize(v);
  }
  return out;
}
