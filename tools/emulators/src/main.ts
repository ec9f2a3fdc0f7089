#!/usr/bin/env node
/** Starts both emulators from the environment (see README) and stops them cleanly on SIGTERM/SIGINT. */
import { createLogger } from '@runpledge/server-kit';
import { readConfig } from './config.js';
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
  logger.info({ stripe: stripe.url, strava: strava.url }, 'emulators ready');

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
    void Promise.allSettled([stripe.close(), strava.close()]).then(() => {
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
