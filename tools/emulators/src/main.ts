#!/usr/bin/env node
/** Starts both emulators from the environment (see README) and stops them cleanly on SIGTERM/SIGINT. */
import { createLogger } from '@runpledge/server-kit';
import { readConfig } from './config.js';
import { startDonorDriveEmulator } from './donation-platforms/donordrive.js';
import { startJustGivingEmulator } from './donation-platforms/justgiving.js';
import { startStravaEmulator } from './strava/server.js';
import { startStripeEmulator } from './stripe/server.js';

const logger = createLogger('emulators');

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const stripe = await startStripeEmulator({
    host: config.host,
    port: config.stripePort,
    webhookUrl: config.stripeWebhookUrl,
    webhookSecret: config.stripeWebhookSecret,
    publicUrl: config.stripePublicUrl,
    logger: logger.child({ emulator: 'stripe' }),
  });
  const strava = await startStravaEmulator({
    host: config.host,
    port: config.stravaPort,
    clientId: config.stravaClientId,
    clientSecret: config.stravaClientSecret,
    limits: config.stravaLimits,
    logger: logger.child({ emulator: 'strava' }),
  });
  const donorDrive = await startDonorDriveEmulator({
    host: config.host,
    port: config.donorDrivePort,
    logger: logger.child({ emulator: 'donordrive' }),
  });
  const justGiving = await startJustGivingEmulator({
    host: config.host,
    port: config.justGivingPort,
    apiKey: config.justGivingApiKey,
    logger: logger.child({ emulator: 'justgiving' }),
  });
  logger.info(
    { stripe: stripe.url, strava: strava.url, donorDrive: donorDrive.url, justGiving: justGiving.url },
    'emulators ready',
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping emulators');
    const force = setTimeout(() => {
      logger.warn({}, 'emulators did not stop in time; exiting');
      process.exit(1);
    }, 5_000);
    force.unref();
    void Promise.allSettled([stripe.close(), strava.close(), donorDrive.close(), justGiving.close()]).then(() => {
      logger.info({}, 'emulators stopped');
      // Let pino write its buffered lines before the process goes.
      logger.flush(() => process.exit(0));
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'emulators failed to start');
  process.exit(1);
});
