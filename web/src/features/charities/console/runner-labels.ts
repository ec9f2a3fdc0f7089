import type { CharityRunnerFlag } from '@runpledge/contracts';
import type { CharityConsoleSort } from '../api/console';

export const FLAG_LABELS: Record<CharityRunnerFlag, string> = {
  no_donation_yet: 'No donation yet',
  behind_pace: 'Behind pace',
  quiet_30_days: 'Quiet for 30 days',
  goal_reached: 'Goal reached',
};

export const SORT_LABELS: Record<CharityConsoleSort, string> = {
  name: 'Name',
  raised: 'Raised',
  percent: 'Share of goal',
  donors: 'Donors',
  miles: 'Miles',
  race_date: 'Race date',
  last_donation: 'Last donation',
  last_run: 'Last run',
};

const PLATFORM_LABELS: Record<string, string> = {
  donordrive: 'DonorDrive',
  justgiving: 'JustGiving',
  haku: 'Haku',
  other: 'Other',
  classy: 'Classy',
};

export const platformLabel = (platform: string | null) => (platform ? (PLATFORM_LABELS[platform] ?? platform) : '—');
