import { describe, expect, it } from '@jest/globals';
import { isDependencyOutage } from './dependency-outage.js';

describe('isDependencyOutage', () => {
  it('knows a database or Redis that is away', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDependencyOutage(refused)).toBe(true);
    expect(
      isDependencyOutage(Object.assign(new Error('the database system is shutting down'), { code: '57P03' })),
    ).toBe(true);
    expect(isDependencyOutage(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDependencyOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    // TypeORM wraps the driver's error; AggregateError lists every address tried.
    expect(isDependencyOutage({ message: 'query failed', driverError: refused })).toBe(true);
    expect(isDependencyOutage(new AggregateError([refused], ''))).toBe(true);
    expect(isDependencyOutage(new Error('Connection is closed.'))).toBe(true);
  });

  it('leaves bugs and bad input alone', () => {
    expect(isDependencyOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyOutage(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDependencyOutage(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDependencyOutage(undefined)).toBe(false);
    expect(isDependencyOutage('ECONNREFUSED')).toBe(false);
  });
});
