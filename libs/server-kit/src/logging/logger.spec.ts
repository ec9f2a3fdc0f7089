import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Writable } from 'node:stream';
import { runWithRequestId } from '../telemetry/trace-context.js';
import { createLogger, nestLogger } from './logger.js';

/** Issue #17: Nest's own messages go out through nestjs-pino and the process's pino logger. */
describe("Nest's logger (nestjs-pino over createLogger)", () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      );
      done();
    },
  });

  // nestjs-pino keeps one root logger per process: one for the whole file.
  beforeAll(() => Logger.overrideLogger(nestLogger(createLogger('unit', 'info', sink))));
  afterAll(() => Logger.overrideLogger(true));

  const last = (): Record<string, unknown> => lines.at(-1)!;

  it("writes Nest's messages as JSON lines with the service and the context", () => {
    new Logger('RouterExplorer').log('Mapped {/api/health, GET} route');
    expect(last()).toMatchObject({
      level: 30,
      service: 'unit',
      context: 'RouterExplorer',
      msg: 'Mapped {/api/health, GET} route',
    });
  });

  it('carries the request id of the request being worked for', async () => {
    await runWithRequestId('req-17', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      new Logger('ExceptionsHandler').warn('inside');
    });
    expect(last()).toMatchObject({ level: 40, requestId: 'req-17', msg: 'inside' });
    new Logger('X').log('outside');
    expect(last()).not.toHaveProperty('requestId');
  });

  it("keeps the stack of an error logged the way Nest's exception handlers do", () => {
    new Logger('ExceptionsHandler').error('boom', 'Error: boom\n    at handler (app.js:1:1)');
    expect(last()).toMatchObject({ level: 50, context: 'ExceptionsHandler', err: { message: 'boom' } });
    expect((last().err as { stack: string }).stack).toContain('at handler (app.js:1:1)');
  });

  it('redacts secrets in objects and URLs it is given', () => {
    new Logger('Auth').log({ password: 'hunter2', url: '/api/strava/callback?code=SECRET&x=1' });
    expect(last()).toMatchObject({ password: '[redacted]', url: '/api/strava/callback?code=[redacted]&x=1' });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|SECRET/);
  });
});
