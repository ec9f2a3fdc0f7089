import { describe, expect, it } from '@jest/globals';
import type { DomainEvents, Mailer, OutgoingMail } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import { AuthService } from './auth.service.js';
import type { EmailTokensRepository } from './email-tokens.repository.js';

const USER_ID = '6f1c1c3e-8a43-4c55-9a39-0c7f3f0a6a11';
const EMAIL = 'runner@example.com';

/** A stand-in that records every call made on it (`name.method(argument shape)`) and answers from `answers`. */
function recorder<T>(name: string, steps: string[], answers: Record<string, unknown> = {}): T {
  return new Proxy(
    {},
    {
      get: (_, method: string) =>
        method === 'then'
          ? undefined
          : async (...args: unknown[]) => {
              const shape = args
                .filter((a) => a !== MANAGER)
                .map((a) => (a && typeof a === 'object' ? `{${Object.keys(a).sort().join(',')}}` : typeof a));
              steps.push(`${name}.${method}(${shape.join(', ')})`);
              return answers[method];
            },
    },
  ) as T;
}
const MANAGER = { manager: true };

/** Asks for a reset of EMAIL, with or without an account behind it: the steps taken and the mails sent. */
async function resetRequested(accountExists: boolean) {
  const steps: string[] = [];
  const mails: OutgoingMail[] = [];
  const user = { id: USER_ID, email: EMAIL };
  const users = recorder<UsersRepository>('users', steps, { findByEmail: accountExists ? user : null });
  const emailTokens = recorder<EmailTokensRepository>('emailTokens', steps, {
    insertForEmail: accountExists ? USER_ID : null,
  });
  const events = {
    transaction: async (work: (manager: unknown) => Promise<unknown>) => {
      steps.push('transaction');
      return work(MANAGER);
    },
  } as unknown as DomainEvents;
  const mailer = { send: async (mail: OutgoingMail) => void mails.push(mail) } as unknown as Mailer;
  const logger = { info: () => undefined, error: () => undefined } as unknown as Logger;
  const auth = new AuthService(
    users,
    recorder<SessionsService>('sessions', steps),
    emailTokens,
    mailer,
    events,
    logger,
  );
  await auth.requestPasswordReset({ email: EMAIL });
  return { steps, mails };
}

describe('AuthService.requestPasswordReset', () => {
  it('does the same work for a known and an unknown address (token, transaction, writes); only the known one is mailed', async () => {
    const known = await resetRequested(true);
    const unknown = await resetRequested(false);

    expect(known.steps.length).toBeGreaterThan(1);
    expect(known.steps).toContain('transaction');
    expect(unknown.steps).toEqual(known.steps);
    // A new token is hashed and written either way.
    expect(known.steps.some((s) => /tokenHash/.test(s))).toBe(true);
    expect(known.mails).toHaveLength(1);
    expect(known.mails[0]).toMatchObject({ to: EMAIL });
    expect(unknown.mails).toHaveLength(0);
  });
});
