import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { EMULATOR_PORTS, choosePorts, describePorts, localStackPorts, wantedMetricsPorts } from './ports.mjs';
import { METRICS_PORTS } from './stack.mjs';

const open = [];

/** A real listener, as a running stack's metrics (0.0.0.0) or emulators (127.0.0.1) hold their ports. */
function listen(port, host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      open.push(server);
      resolve(server.address().port);
    });
  });
}

/** Ports that were free a moment ago, to stand for defaults without touching the machine's real ones. */
async function spareDefaults(names) {
  const held = await Promise.all(names.map(() => listen(0, '127.0.0.1')));
  await closeAll();
  return Object.fromEntries(names.map((name, i) => [name, held[i]]));
}

async function closeAll() {
  await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
}

afterEach(closeAll);

describe('the ports of a local stack besides its public one', () => {
  it('gives every name its default when it is free', async () => {
    const defaults = await spareDefaults(['gateway', 'identity', 'stripe']);
    expect(await choosePorts(defaults)).toEqual(defaults);
  });

  it('moves only the names whose default is taken, to free ports all different', async () => {
    const defaults = await spareDefaults(['gateway', 'identity', 'billing', 'fitness', 'stripe']);
    // Another stack: metrics on every address, an emulator on the loopback one.
    await listen(defaults.billing, '0.0.0.0');
    await listen(defaults.stripe, '127.0.0.1');
    await listen(defaults.gateway);

    const chosen = await choosePorts(defaults);

    expect(chosen.identity).toBe(defaults.identity);
    expect(chosen.fitness).toBe(defaults.fitness);
    for (const name of ['gateway', 'billing', 'stripe']) expect(chosen[name]).not.toBe(defaults[name]);
    expect(new Set(Object.values(chosen)).size).toBe(5);
    // Free indeed: each can be taken now, on every address and on the loopback one, while the other stack runs.
    for (const port of Object.values(chosen)) {
      await listen(port);
      await listen(port, '127.0.0.1').then(
        () => Promise.reject(new Error(`port ${port} was bound twice`)),
        (err) => expect(err.code).toBe('EADDRINUSE'),
      );
    }
  });

  it('gives two names that want the same port different ones', async () => {
    const { shared } = await spareDefaults(['shared']);
    const chosen = await choosePorts({ first: shared, second: shared });
    expect(chosen.first).toBe(shared);
    expect(chosen.second).not.toBe(shared);
  });

  it('puts the metrics of every process from METRICS_BASE_PORT on, in order, or refuses a bad base', () => {
    expect(wantedMetricsPorts({})).toBe(METRICS_PORTS);
    const names = Object.keys(METRICS_PORTS);
    expect(wantedMetricsPorts({ METRICS_BASE_PORT: '20000' })).toEqual(
      Object.fromEntries(names.map((name, i) => [name, 20000 + i])),
    );
    expect(() => wantedMetricsPorts({ METRICS_BASE_PORT: '65533' })).toThrow(/METRICS_BASE_PORT/);
    expect(() => wantedMetricsPorts({ METRICS_BASE_PORT: 'ninety' })).toThrow(/METRICS_BASE_PORT/);
  });

  it('keeps an emulator port set in the environment, and chooses the rest around it', async () => {
    // Metrics away from 9464-9472, which a stack running on this machine may be using.
    const env = { STRIPE_EMULATOR_PORT: '45678', METRICS_BASE_PORT: '41000' };
    const { metrics, emulators } = await localStackPorts(env);
    expect(Object.keys(metrics)).toEqual(Object.keys(METRICS_PORTS));
    expect(Object.keys(emulators)).toEqual(Object.keys(EMULATOR_PORTS));
    expect(emulators.STRIPE_EMULATOR_PORT).toBe(45678);
    expect(new Set([...Object.values(metrics), ...Object.values(emulators)]).size).toBe(
      Object.keys(METRICS_PORTS).length + Object.keys(EMULATOR_PORTS).length,
    );
  });

  it('says every port on one line, marking a default that was taken', () => {
    const metrics = { ...METRICS_PORTS, billing: 40001 };
    const emulators = { ...EMULATOR_PORTS, STRAVA_EMULATOR_PORT: 40002 };
    const line = describePorts({ metrics, emulators }, {});
    expect(line).not.toContain('\n');
    expect(line).toContain('gateway 9464, identity 9465, profiles 9466, billing 40001 (9467 taken), fitness 9468');
    expect(line).toContain('emulators stripe 12111, strava 40002 (12112 taken), donordrive 12113, justgiving 12114');
  });
});
