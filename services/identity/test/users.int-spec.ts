import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { IDENTITY, PROFILES } from '@runpledge/contracts';
import { bootstrapService } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { AppModule as ProfilesModule } from '../../profiles/src/app.module.js';
import { AppModule as IdentityModule } from '../src/app.module.js';

describe('identity over NATS, with profiles following its events', () => {
  let identity: INestMicroservice;
  let profiles: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;

  beforeAll(async () => {
    identity = await bootstrapService('identity', IdentityModule);
    profiles = await bootstrapService('profiles', ProfilesModule);
    nats = await natsRequester();
  });

  afterAll(async () => {
    await nats.close();
    await identity.close();
    await profiles.close();
  });

  it('answers its health ping', async () => {
    const reply = await nats.request(IDENTITY.health.ping, {});
    expect(reply.response).toMatchObject({ service: 'identity', status: 'ok' });
  });

  it('signs up with a trimmed, lowercased e-mail, opens a session, and refuses the same e-mail again', async () => {
    const local = `runner-${randomUUID()}`;
    const first = await nats.request(IDENTITY.auth.signUp, {
      email: `  ${local.toUpperCase()}@Example.com `,
      password: 'Secret123',
    });
    expect(first.response.user).toMatchObject({ email: `${local}@example.com`, emailVerified: false });
    expect(first.response.user).not.toHaveProperty('passwordHash');
    const session = await nats.request(IDENTITY.sessions.validate, { sessionToken: first.response.sessionToken });
    expect(session.response).toMatchObject({ id: first.response.user.id });

    const again = await nats.request(IDENTITY.auth.signUp, { email: `${local}@example.com`, password: 'Other1234' });
    expect(again.err).toEqual({ status: 409, code: 'CONFLICT', message: 'User already registered' });
  });

  it('answers bad input with a 400 and the first rule it breaks', async () => {
    const reply = await nats.request(IDENTITY.auth.signUp, { email: 'not-an-email', password: 'Secret123' });
    expect(reply.err).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email address',
    });
  });

  it('publishes identity.user.registered, which profiles records', async () => {
    const email = `event-${randomUUID()}@example.com`;
    const { response } = await nats.request(IDENTITY.auth.signUp, { email, password: 'Secret123' });
    const account = await eventually(async () => {
      const reply = await nats.request(PROFILES.accounts.get, { userId: response.user.id });
      if (reply.err) throw new Error(reply.err.message);
      return reply.response;
    });
    expect(account).toMatchObject({ userId: response.user.id, email });
  });
});
