import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@runpledge/server-kit/logging';
import Fastify from 'fastify';
import { Writable } from 'node:stream';

/** Issue #13: request logs never carry secrets from query strings. */
describe('request log lines', () => {
  it('redact code, state, token, hub.verify_token and session_id from the logged URL', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger('gateway', 'info', destination) });
    app.get('/api/strava/callback', async () => ({ ok: true }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await fetch(
      `${base}/api/strava/callback?code=SECRETCODE&state=SECRETSTATE&scope=read&token=SECRETTOKEN&hub.verify_token=SECRETVERIFY&session_id=cs_SECRETSESSION&Code=SECRETUPPER`,
    );
    await app.close();
    const logged = lines.join('\n');
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    expect(incoming.req.url).toBe(
      '/api/strava/callback?code=[redacted]&state=[redacted]&scope=read&token=[redacted]&hub.verify_token=[redacted]&session_id=[redacted]&Code=[redacted]',
    );
    expect(logged).not.toMatch(/SECRET/);
  });

  it('redact the same parameters in any url a handler logs', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    createLogger('gateway', 'info', destination).error({ url: '/payment?session_id=cs_SECRET&x=1' }, 'failed');
    expect(JSON.parse(lines[0]!).url).toBe('/payment?session_id=[redacted]&x=1');
  });

  it("redact a team link's invite code, in the request line and in anything a handler logs", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger('gateway', 'info', destination);
    const app = Fastify({ loggerInstance: logger });
    app.get('/teams/:slug', async () => ({ ok: true }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await fetch(`${base}/teams/sick-kids?invite=SECRETINVITE&utm_source=mail`);
    await app.close();
    logger.info({ url: '/teams/sick-kids?Invite=SECRETUPPER', body: { inviteCode: 'SECRETBODY' } }, 'joined');
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    expect(incoming.req.url).toBe('/teams/sick-kids?invite=[redacted]&utm_source=mail');
    const joined = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'joined');
    expect(joined.url).toBe('/teams/sick-kids?Invite=[redacted]');
    expect(joined.body.inviteCode).toBe('[redacted]');
    expect(lines.join('\n')).not.toMatch(/SECRET/);
  });
});
