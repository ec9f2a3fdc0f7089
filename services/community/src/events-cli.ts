// The operator's command for the events directory (`npm run events -- <command>`), on the database
// of DATABASE_URL; what it changes reaches profiles through community's outbox.
import 'reflect-metadata';
import { isTimeZone } from '@runpledge/contracts';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database/data-source.js';
import { EventAdmin, EventAdminError } from './events/event-admin.js';

const USAGE = `npm run events -- merge <from-slug> <into-slug>
npm run events -- verify <slug> [--time-zone <IANA zone>] [--city <city>] [--country <country>]
npm run events -- assign      (gives every page naming a race but no event the event of its race)`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || !['merge', 'verify', 'assign'].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const dataSource = await new DataSource(dataSourceOptions).initialize();
  try {
    const admin = new EventAdmin(dataSource);
    let result: unknown;
    if (command === 'merge') {
      const [from, into] = rest;
      if (!from || !into) throw new EventAdminError(USAGE);
      result = await admin.merge(from.toLowerCase(), into.toLowerCase());
    } else if (command === 'verify') {
      const [slug] = rest;
      const timeZone = option(rest, '--time-zone');
      if (!slug) throw new EventAdminError(USAGE);
      if (timeZone !== undefined && !isTimeZone(timeZone)) throw new EventAdminError(`Unknown time zone ${timeZone}`);
      const event = await admin.verify(slug.toLowerCase(), {
        timeZone,
        city: option(rest, '--city'),
        country: option(rest, '--country'),
      });
      result = { slug: event.slug, verified: event.verified, timeZone: event.timeZone };
    } else {
      result = await admin.assign();
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof EventAdminError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await dataSource.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
