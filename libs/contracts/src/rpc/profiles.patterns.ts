import { accountExportPattern, healthPattern } from './rpc-pattern.js';

export const PROFILES = {
  health: { ping: healthPattern('profiles') },
  account: {
    export: accountExportPattern('profiles'),
    exportEncouragements: 'profiles.account.export-encouragements',
    exportPledges: 'profiles.account.export-pledges',
  },
  accounts: {
    get: 'profiles.accounts.get',
  },
  profile: {
    create: 'profiles.profile.create',
    getBySlug: 'profiles.profile.get-by-slug',
    visibility: 'profiles.profile.visibility',
    update: 'profiles.profile.update',
    delete: 'profiles.profile.delete',
    listOwn: 'profiles.profile.list-own',
    /** One page of the caller's: 404 when it does not exist, 403 when it is someone else's. */
    getOwnSummary: 'profiles.profile.get-own-summary',
    latestSlug: 'profiles.profile.latest-slug',
    reorderChallenges: 'profiles.profile.reorder-challenges',
    refreshTotals: 'profiles.profile.refresh-totals',
    listDonations: 'profiles.profile.list-donations',
  },
  slug: {
    availability: 'profiles.slug.availability',
  },
  challenge: {
    create: 'profiles.challenge.create',
    update: 'profiles.challenge.update',
    delete: 'profiles.challenge.delete',
  },
  claim: {
    create: 'profiles.claim.create',
    release: 'profiles.claim.release',
    releaseByToken: 'profiles.claim.release-by-token',
    listOwn: 'profiles.claim.list-own',
  },
  insights: {
    recordEvent: 'profiles.insights.record-event',
    get: 'profiles.insights.get',
  },
  encouragement: {
    create: 'profiles.encouragement.create',
    list: 'profiles.encouragement.list',
  },
} as const;
