import { accountExportPattern, healthPattern } from './rpc-pattern.js';

export const FITNESS = {
  health: { ping: healthPattern('fitness') },
  account: { export: accountExportPattern('fitness'), exportActivities: 'fitness.account.export-activities' },
  fitnessProfile: {
    get: 'fitness.fitness-profile.get',
    getOwn: 'fitness.fitness-profile.get-own',
  },
  strava: {
    authorizeUrl: 'fitness.strava.authorize-url',
    completeAuthorization: 'fitness.strava.complete-authorization',
    connect: 'fitness.strava.connect',
    completeSetup: 'fitness.strava.complete-setup',
    sync: 'fitness.strava.sync',
    disconnect: 'fitness.strava.disconnect',
    validateWebhook: 'fitness.strava.validate-webhook',
    webhookEvent: 'fitness.strava.webhook-event',
  },
  activities: {
    list: 'fitness.activities.list',
    create: 'fitness.activities.create',
    update: 'fitness.activities.update',
    delete: 'fitness.activities.delete',
    /** The summary of an uploaded file (parsed by the gateway): stored unless the run is already there. */
    storeUpload: 'fitness.activities.store-upload',
  },
  trainingStats: {
    get: 'fitness.training-stats.get',
  },
} as const;
