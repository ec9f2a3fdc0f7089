// The ports a local stack listens on besides its public one: each process's /metrics and the
// emulators. Each gets its documented default when that port is free, else a free one, so a second
// `npm start -- --port 3100` runs beside a first.
import { METRICS_PORTS, holdPort as hold } from './stack.mjs';

/** The emulators' documented ports (tools/emulators/src/config.ts), by the variable that sets each. */
export const EMULATOR_PORTS = {
  STRIPE_EMULATOR_PORT: 12111,
  STRAVA_EMULATOR_PORT: 12112,
  DONORDRIVE_EMULATOR_PORT: 12113,
  JUSTGIVING_EMULATOR_PORT: 12114,
};

/**
 * name -> port: the wanted port of each name when it is free, else a free one. All different: every
 * port stays held until all are chosen (a process then takes it over a moment later).
 */
export async function choosePorts(wanted) {
  const held = [];
  try {
    const chosen = {};
    for (const [name, port] of Object.entries(wanted)) {
      const server = (port ? await hold(port) : null) ?? (await hold(0));
      if (!server) throw new Error(`no free port for ${name}`);
      held.push(server);
      chosen[name] = server.address().port;
    }
    return chosen;
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** METRICS_PORTS, or with METRICS_BASE_PORT set the same processes on that port and the next ones. */
export function wantedMetricsPorts(env = process.env) {
  if (!env.METRICS_BASE_PORT) return METRICS_PORTS;
  const base = Number(env.METRICS_BASE_PORT);
  const last = base + Object.keys(METRICS_PORTS).length - 1;
  if (!Number.isInteger(base) || base < 1 || last > 65_535) {
    throw new Error(`METRICS_BASE_PORT must be a port number (1-${65_536 - Object.keys(METRICS_PORTS).length})`);
  }
  return Object.fromEntries(Object.keys(METRICS_PORTS).map((name, i) => [name, base + i]));
}

/**
 * `npm start`'s metrics ports (process name -> port) and emulator ports (variable -> port). An
 * emulator port set in the environment is taken as it is; the rest are defaults when free, else free.
 */
export async function localStackPorts(env = process.env) {
  const metricsWanted = wantedMetricsPorts(env);
  const emulatorsWanted = Object.fromEntries(Object.entries(EMULATOR_PORTS).filter(([variable]) => !env[variable]));
  const chosen = await choosePorts({ ...metricsWanted, ...emulatorsWanted });
  return {
    metrics: Object.fromEntries(Object.keys(metricsWanted).map((name) => [name, chosen[name]])),
    emulators: Object.fromEntries(
      Object.keys(EMULATOR_PORTS).map((variable) => [
        variable,
        env[variable] ? Number(env[variable]) : chosen[variable],
      ]),
    ),
  };
}

/** One line: each process's metrics port and each emulator's, marking a default that was taken. */
export function describePorts({ metrics, emulators }, env = process.env) {
  const wanted = wantedMetricsPorts(env);
  const mark = (port, usual) => (port === usual ? `${port}` : `${port} (${usual} taken)`);
  const metricsPart = Object.entries(metrics)
    .map(([name, port]) => `${name} ${mark(port, wanted[name])}`)
    .join(', ');
  const emulatorPart = Object.entries(emulators)
    .map(([variable, port]) => {
      const name = variable.replace(/_EMULATOR_PORT$/, '').toLowerCase();
      return `${name} ${env[variable] ? port : mark(port, EMULATOR_PORTS[variable])}`;
    })
    .join(', ');
  return `ports: metrics (http://localhost:PORT/metrics, not public) ${metricsPart}; emulators ${emulatorPart}`;
}
