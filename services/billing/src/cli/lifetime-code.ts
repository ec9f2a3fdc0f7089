// `npm run billing:code -- [--lifetime CODE] [--max 50] [--expires 2027-12-31]`: creates a code that
// grants lifetime access at /payment (or changes the limits of an existing one). Without --lifetime the
// code is random and unguessable (12 characters without look-alikes); a chosen short code is warned about.
import 'reflect-metadata';
import { DISCOUNT_CODE_MAX_LENGTH } from '@runpledge/contracts';
import { DataSource } from 'typeorm';
import { parseArgs } from 'node:util';
import { dataSourceOptions } from '../database/data-source.js';
import { LifetimeCodeEntity } from '../lifetime-codes/lifetime-code.entity.js';
import {
  MIN_UNGUESSABLE_CODE_LENGTH,
  generateLifetimeCode,
  normalizeLifetimeCode,
} from '../lifetime-codes/lifetime-code.util.js';
import { LifetimeCodesRepository } from '../lifetime-codes/lifetime-codes.repository.js';

const USAGE = 'usage: npm run billing:code -- [--lifetime CODE] [--max REDEMPTIONS] [--expires YYYY-MM-DD]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: { lifetime: { type: 'string' }, max: { type: 'string' }, expires: { type: 'string' } },
});
const code = values.lifetime === undefined ? generateLifetimeCode() : normalizeLifetimeCode(values.lifetime);
if (!code) fail('--lifetime CODE must not be empty (leave it out for a random code)');
if (code.length < MIN_UNGUESSABLE_CODE_LENGTH) {
  console.warn(
    `warning: ${code} has fewer than ${MIN_UNGUESSABLE_CODE_LENGTH} characters and can be guessed; leave --lifetime out for a random code`,
  );
}
if (code.length > DISCOUNT_CODE_MAX_LENGTH) fail(`a code has at most ${DISCOUNT_CODE_MAX_LENGTH} characters`);
const max = values.max === undefined ? null : Number(values.max);
if (max !== null && (!Number.isInteger(max) || max < 1)) fail('--max must be a whole number of at least 1');
const expiresAt = values.expires === undefined ? null : new Date(values.expires);
if (expiresAt !== null && Number.isNaN(expiresAt.getTime())) fail('--expires must be a date such as 2027-12-31');

const dataSource = await new DataSource(dataSourceOptions).initialize();
try {
  const saved = await new LifetimeCodesRepository(dataSource.getRepository(LifetimeCodeEntity)).upsert(
    code,
    max,
    expiresAt,
  );
  console.log(
    `lifetime code ${saved.code}: ${saved.redemptionCount} of ${saved.maxRedemptions ?? 'unlimited'} used` +
      (saved.expiresAt ? `, expires ${saved.expiresAt.toISOString()}` : ', never expires'),
  );
} finally {
  await dataSource.destroy();
}
