// Every Kustomize overlay renders with kubectl, every object validates against the Kubernetes
// schemas offline, and the rendered objects follow the deployment rules: probes on the health
// endpoints, requests and limits, non-root, read-only root filesystem, a preStop drain inside a
// longer grace period, a PDB for every replicated Deployment, HPAs (min 2) for the gateway, profiles
// and the fitness workers, default-deny network policies with only the architecture's flows, no
// secret values, and a JetStream stream definition equal to the one the code creates.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  deadLetterStreamName,
  ensureDeadLetterStream,
  ensureEventStream,
  eventStreamName,
} from '@runpledge/server-kit';
import { ACTIVITY_FILE_LIMITS } from '@runpledge/contracts';
import Ajv from 'ajv';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { IMAGE_TARGETS } from './lib/dockerfile.js';
import { knownEnvVars } from './lib/env-vars.js';
import {
  OVERLAYS,
  ROOT,
  findUnknownFields,
  isBuiltIn,
  kubectl,
  podLabelsOf,
  podSpecOf,
  preStopSeconds,
  render,
  resolveEnv,
  selects,
  validateModel,
  type K8sObject,
} from './lib/k8s.js';

const NAMESPACES = { dev: 'runpledge-dev', prod: 'runpledge' } as const;
const DEPLOYMENTS = [
  'gateway',
  'identity',
  'profiles',
  'billing',
  'fitness',
  'community',
  'fitness-worker',
  'profiles-worker',
  'community-worker',
];
const AUTOSCALED = ['gateway', 'profiles', 'fitness-worker'];
const SERVICES = ['identity', 'profiles', 'billing', 'fitness', 'community'];
/** Custom resources (NACK's Stream, Prometheus Operator's): checked by their own schemas (monitoring.spec.ts). */
const CUSTOM_KINDS = new Set(['Stream', 'PodMonitor', 'PrometheusRule']);
/** Every process serves /metrics on this port, reachable from the monitoring namespace only. */
const METRICS = 'TCP/9464';
/** Secrets the manifests reference (created by the operators, never in the repo): name → keys. */
const SECRETS: Record<string, string[]> = {
  'runpledge-postgres': ['uri'],
  'runpledge-redis': ['url'],
  'runpledge-secrets': [
    'SESSION_SECRET',
    'ACCESS_TOKEN_KEYS',
    'ACCESS_TOKEN_PUBLIC_KEYS',
    'SMTP_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRAVA_CLIENT_ID',
    'STRAVA_CLIENT_SECRET',
    'TOKEN_ENCRYPTION_KEY',
    'JUSTGIVING_API_KEY',
  ],
  // One NATS password per process (its user name), as in `npm run nats:config`.
  'runpledge-nats': DEPLOYMENTS,
};
/** The flows of ARCHITECTURE.md, per workload: what it may reach, and what may reach it. */
const DNS = ['UDP/53', 'TCP/53'];
const EGRESS: Record<string, string[]> = {
  gateway: [...DNS, 'TCP/4222', 'TCP/6379'],
  identity: [...DNS, 'TCP/4222', 'TCP/5432', 'TCP/587', 'TCP/465'],
  profiles: [...DNS, 'TCP/4222', 'TCP/5432', 'TCP/6379', 'TCP/587', 'TCP/465'],
  billing: [...DNS, 'TCP/4222', 'TCP/5432', 'TCP/443', 'TCP/587', 'TCP/465'],
  fitness: [...DNS, 'TCP/4222', 'TCP/5432', 'TCP/6379', 'TCP/443'],
  'fitness-worker': [...DNS, 'TCP/4222', 'TCP/5432', 'TCP/6379', 'TCP/443'],
  // DonorDrive and JustGiving over https; milestone e-mails through the SMTP relay.
  'profiles-worker': [...DNS, 'TCP/4222', 'TCP/5432', 'TCP/6379', 'TCP/443', 'TCP/587', 'TCP/465'],
  // Captains' mail jobs go to Redis with each team change; the worker sends them through the SMTP relay.
  community: [...DNS, 'TCP/4222', 'TCP/5432', 'TCP/6379'],
  'community-worker': [...DNS, 'TCP/4222', 'TCP/5432', 'TCP/6379', 'TCP/587', 'TCP/465'],
  migrate: [...DNS, 'TCP/5432'],
};
const INGRESS: Record<string, string[]> = { gateway: ['TCP/3000'] };

type Policy = {
  podSelector: Parameters<typeof selects>[0];
  policyTypes?: string[];
  ingress?: { from?: unknown[]; ports?: { protocol?: string; port?: number | string }[] }[];
  egress?: { to?: unknown[]; ports?: { protocol?: string; port?: number | string }[] }[];
};

const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const containersOf = (object: K8sObject): IContainer[] => podSpecOf(object).containers;
const ms = (value: string | undefined) => (value === undefined ? 0 : Number(value));

/** Go-style durations as NACK takes them ("168h", "2m", "1h30m") in nanoseconds. */
function durationNs(text: string): number {
  const units: Record<string, number> = { h: 3600e9, m: 60e9, s: 1e9, ms: 1e6 };
  const parts = [...text.matchAll(/(\d+)(ms|h|m|s)/g)];
  if (parts.map((p) => p[0]).join('') !== text) throw new Error(`not a duration: ${text}`);
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * units[unit!]!, 0);
}

/** Our own schema of the NACK `Stream` resource (jetstream.nats.io/v1beta2), the fields we use. */
const streamSchema = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'jetstream.nats.io/v1beta2' },
    kind: { const: 'Stream' },
    metadata: { type: 'object', required: ['name'] },
    spec: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'subjects', 'storage', 'retention', 'maxAge', 'duplicateWindow'],
      properties: {
        name: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
        description: { type: 'string' },
        subjects: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        retention: { enum: ['limits', 'interest', 'workqueue'] },
        storage: { enum: ['file', 'memory'] },
        maxAge: { type: 'string', pattern: '^(\\d+(ms|h|m|s))+$' },
        duplicateWindow: { type: 'string', pattern: '^(\\d+(ms|h|m|s))+$' },
        discard: { enum: ['old', 'new'] },
        replicas: { type: 'integer', minimum: 1, maximum: 5 },
        maxBytes: { type: 'integer' },
        maxMsgs: { type: 'integer' },
      },
    },
  },
};

it('kubectl can render Kustomize overlays', () => {
  const version = execFileSync(kubectl(), ['version', '--client'], { encoding: 'utf8' });
  expect(version).toMatch(/Client Version/);
});

describe.each(OVERLAYS)('k8s overlay %s', (overlay) => {
  let objects: K8sObject[];
  const namespace = NAMESPACES[overlay];

  beforeAll(() => {
    objects = render(overlay);
  });

  it('renders the whole product', () => {
    const names = (kind: string) => byKind(objects, kind).map((o) => o.metadata.name);
    expect(names('Deployment').sort()).toEqual([...DEPLOYMENTS].sort());
    expect(names('Service').sort()).toEqual(['gateway', ...SERVICES].sort());
    expect(names('Job')).toEqual(['migrate']);
    expect(names('Ingress')).toEqual(['runpledge']);
    expect(names('Stream')).toEqual(['domain-events', 'domain-events-dlq']);
    expect(names('Namespace')).toEqual([namespace]);
  });

  it('validates every built-in object against the Kubernetes schemas', () => {
    const builtIn = objects.filter((o) => !CUSTOM_KINDS.has(o.kind));
    expect(builtIn.filter((o) => !isBuiltIn(o)).map((o) => `${o.apiVersion} ${o.kind}`)).toEqual([]);
    const problems = builtIn
      .map((o) => [`${o.kind}/${o.metadata.name}`, validateModel(o)])
      .filter(([, error]) => error !== undefined);
    expect(problems).toEqual([]);
  });

  it('uses no field the Kubernetes API does not know', () => {
    expect(findUnknownFields(objects.filter((o) => !CUSTOM_KINDS.has(o.kind)))).toEqual([]);
  });

  it('defines the domain-events stream and its dead-letter stream as valid NACK Streams', () => {
    const validate = new Ajv({ allErrors: true }).compile(streamSchema);
    for (const name of ['domain-events', 'domain-events-dlq']) {
      const stream = find(objects, 'Stream', name);
      expect([name, validate(stream) ? [] : validate.errors]).toEqual([name, []]);
    }
  });

  it('puts everything in the overlay namespace, which enforces the restricted pod security standard', () => {
    expect(objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace)).toEqual([]);
    expect(find(objects, 'Namespace', namespace)?.metadata.labels).toMatchObject({
      'pod-security.kubernetes.io/enforce': 'restricted',
    });
  });

  it('probes every Deployment on its health endpoints (startup, liveness, readiness)', () => {
    for (const deployment of byKind(objects, 'Deployment')) {
      for (const container of containersOf(deployment)) {
        const where = `${deployment.metadata.name}/${container.name}`;
        const ports = new Set((container.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
        const probe = (kind: 'startupProbe' | 'livenessProbe' | 'readinessProbe') => {
          const get = container[kind]?.httpGet;
          expect([where, kind, get !== undefined]).toEqual([where, kind, true]);
          expect([where, kind, ports.has(get!.port)]).toEqual([where, kind, true]);
          return get!.path;
        };
        const paths = [probe('startupProbe'), probe('livenessProbe'), probe('readinessProbe')];
        if (deployment.metadata.name === 'gateway') {
          expect(paths).toEqual(['/api/health/live', '/api/health/live', '/api/health/ready']);
        } else {
          expect([where, ...paths]).toEqual([where, '/healthz', '/healthz', '/readyz']);
          const env = resolveEnv(container, objects);
          const health = container.ports?.find((p) => p.name === 'health');
          expect([where, env.HEALTH_PORT]).toEqual([where, String(health?.containerPort)]);
        }
        // The gateway's readiness pings every service with HEALTH_TIMEOUT_MS: the probe waits longer.
        if (deployment.metadata.name === 'gateway') {
          const env = resolveEnv(container, objects);
          expect(container.readinessProbe!.timeoutSeconds! * 1000).toBeGreaterThan(ms(env.HEALTH_TIMEOUT_MS));
        }
      }
    }
  });

  it('gives every container requests and limits, and runs it as non-root on a read-only root filesystem', () => {
    for (const workload of [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')]) {
      const pod = podSpecOf(workload);
      expect([workload.metadata.name, pod.automountServiceAccountToken]).toEqual([workload.metadata.name, false]);
      for (const container of pod.containers) {
        const where = `${workload.metadata.name}/${container.name}`;
        const { requests = {}, limits = {} } = container.resources ?? {};
        expect([where, Object.keys(requests).sort(), Object.keys(limits).sort()]).toEqual([
          where,
          ['cpu', 'memory'],
          ['cpu', 'memory'],
        ]);
        const runAsNonRoot = container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
        const runAsUser = container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
        expect([where, runAsNonRoot, (runAsUser ?? 0) > 0]).toEqual([where, true, true]);
        expect([where, container.securityContext]).toMatchObject([
          where,
          { readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
        ]);
        expect([where, pod.securityContext?.seccompProfile?.type]).toEqual([where, 'RuntimeDefault']);
        // The one writable place the processes use is /tmp, an emptyDir.
        const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
        expect([where, pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir !== undefined]).toEqual([where, true]);
      }
    }
  });

  it('drains on preStop and SIGTERM within a longer termination grace period', () => {
    for (const deployment of byKind(objects, 'Deployment')) {
      const pod = podSpecOf(deployment);
      for (const container of pod.containers) {
        const where = `${deployment.metadata.name}/${container.name}`;
        const preStop = preStopSeconds(container);
        expect([where, preStop !== undefined && preStop > 0]).toEqual([where, true]);
        const env = resolveEnv(container, objects);
        // The gateway: readiness 503 for DRAIN_DELAY_MS, then in-flight calls end within RPC_TIMEOUT_MS.
        // The services and workers: in-flight requests and jobs get SHUTDOWN_GRACE_MS.
        const inProcessMs =
          deployment.metadata.name === 'gateway'
            ? ms(env.DRAIN_DELAY_MS) + ms(env.RPC_TIMEOUT_MS)
            : ms(env.SHUTDOWN_GRACE_MS);
        if (deployment.metadata.name !== 'gateway')
          expect([where, env.SHUTDOWN_GRACE_MS]).not.toEqual([where, undefined]);
        const drainSeconds = preStop! + inProcessMs / 1000;
        // Room for closing connections after the drain, before the kubelet's SIGKILL.
        expect([where, pod.terminationGracePeriodSeconds! - drainSeconds >= 5]).toEqual([where, true]);
      }
    }
  });

  it('keeps every Deployment with 2+ replicas under a PodDisruptionBudget that never blocks a drain', () => {
    const hpas = byKind(objects, 'HorizontalPodAutoscaler');
    for (const deployment of byKind(objects, 'Deployment')) {
      const name = deployment.metadata.name;
      const hpa = hpas.find((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === name);
      const replicas = hpa ? (hpa.spec as { minReplicas: number }).minReplicas : (deployment.spec?.replicas as number);
      if (replicas < 2) continue;
      const pdbs = byKind(objects, 'PodDisruptionBudget').filter((pdb) =>
        selects((pdb.spec as { selector: Parameters<typeof selects>[0] }).selector, podLabelsOf(deployment)),
      );
      expect([name, pdbs.length]).toEqual([name, 1]);
      const spec = pdbs[0]!.spec as { maxUnavailable?: number; minAvailable?: number };
      const allowed = spec.maxUnavailable ?? replicas - (spec.minAvailable ?? replicas);
      expect([name, allowed >= 1]).toEqual([name, true]);
    }
  });

  it('autoscales the gateway, profiles and the fitness workers from 2 replicas, and nothing else', () => {
    const hpas = byKind(objects, 'HorizontalPodAutoscaler');
    const targets = hpas.map((h) => (h.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef);
    expect(targets.map((t) => t.name).sort()).toEqual([...AUTOSCALED].sort());
    for (const hpa of hpas) {
      const spec = hpa.spec as {
        scaleTargetRef: { kind: string; name: string };
        minReplicas: number;
        maxReplicas: number;
      };
      const deployment = find(objects, spec.scaleTargetRef.kind, spec.scaleTargetRef.name);
      expect(deployment).toBeDefined();
      expect([hpa.metadata.name, spec.minReplicas >= 2, spec.maxReplicas >= spec.minReplicas]).toEqual([
        hpa.metadata.name,
        true,
        true,
      ]);
      // The HPA owns the count: a replicas field would reset it on every apply.
      expect([hpa.metadata.name, deployment!.spec?.replicas]).toEqual([hpa.metadata.name, undefined]);
    }
    for (const deployment of byKind(objects, 'Deployment').filter((d) => !AUTOSCALED.includes(d.metadata.name))) {
      expect([deployment.metadata.name, deployment.spec?.replicas]).toEqual([deployment.metadata.name, 2]);
    }
  });

  it('denies all traffic by default and allows only the flows of the architecture', () => {
    const policies = byKind(objects, 'NetworkPolicy').map((p) => p.spec as Policy);
    const defaultDeny = policies.find(
      (p) =>
        Object.keys(p.podSelector).length === 0 &&
        p.policyTypes?.includes('Ingress') &&
        p.policyTypes.includes('Egress') &&
        !p.ingress &&
        !p.egress,
    );
    expect(defaultDeny).toBeDefined();
    const allowed = (labels: Record<string, string>, direction: 'Ingress' | 'Egress') =>
      policies
        .filter((p) => p.policyTypes?.includes(direction) && selects(p.podSelector, labels))
        .flatMap((p) => (direction === 'Ingress' ? (p.ingress ?? []) : (p.egress ?? [])))
        .flatMap((rule) => {
          // An open rule (no peers or no ports) would allow everything: not allowed here.
          const peers = 'from' in rule ? rule.from : (rule as { to?: unknown[] }).to;
          if (!peers?.length || !rule.ports?.length) return ['ANY'];
          return rule.ports.map((port) => `${port.protocol ?? 'TCP'}/${port.port}`);
        });
    for (const workload of [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')]) {
      const name = workload.metadata.name;
      const labels = podLabelsOf(workload);
      expect([name, [...new Set(allowed(labels, 'Egress'))].sort()]).toEqual([name, [...EGRESS[name]!].sort()]);
      const scraped = workload.kind === 'Deployment' ? [METRICS] : [];
      expect([name, [...new Set(allowed(labels, 'Ingress'))].sort()]).toEqual([
        name,
        [...(INGRESS[name] ?? []), ...scraped].sort(),
      ]);
    }
  });

  it('routes the Ingress and every Service to a Deployment port', () => {
    for (const service of byKind(objects, 'Service')) {
      const spec = service.spec as { selector: Record<string, string>; ports: { targetPort: string | number }[] };
      const deployment = byKind(objects, 'Deployment').find((d) =>
        selects({ matchLabels: spec.selector }, podLabelsOf(d)),
      );
      expect([service.metadata.name, deployment?.metadata.name]).toEqual([
        service.metadata.name,
        service.metadata.name,
      ]);
      const ports = containersOf(deployment!).flatMap((c) => (c.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
      for (const { targetPort } of spec.ports) expect(ports).toContain(targetPort);
    }
    const ingress = find(objects, 'Ingress', 'runpledge')!.spec as {
      rules: { host: string; http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }[];
    };
    const backend = ingress.rules[0]!.http.paths[0]!.backend.service;
    const service = find(objects, 'Service', backend.name)?.spec as { ports: { name: string }[] } | undefined;
    expect(service?.ports.map((p) => p.name)).toContain(backend.port.name);
    const config = byKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('runpledge-config-'));
    expect(new URL(config!.data!.PUBLIC_URL!).host).toBe(ingress.rules[0]!.host);
  });

  it('lets an activity file through the ingress (10 MB and its multipart framing), and not much more', () => {
    const annotations = find(objects, 'Ingress', 'runpledge')!.metadata.annotations ?? {};
    const limit = nginxSize(annotations['nginx.ingress.kubernetes.io/proxy-body-size']);
    expect(limit).toBeGreaterThanOrEqual(ACTIVITY_FILE_LIMITS.maxBytes + ACTIVITY_FILE_LIMITS.multipartOverheadBytes);
    expect(limit).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  it('keeps secret values out: Secrets are referenced by name and every key is documented', () => {
    expect(byKind(objects, 'Secret')).toEqual([]);
    const readme = readFileSync(join(ROOT, 'k8s', 'README.md'), 'utf8');
    for (const workload of [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')]) {
      for (const container of containersOf(workload)) {
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (!ref) continue;
          expect([variable.name, ref.name, SECRETS[ref.name ?? '']?.includes(ref.key)]).toEqual([
            variable.name,
            ref.name,
            true,
          ]);
        }
      }
    }
    for (const [name, keys] of Object.entries(SECRETS)) {
      expect(readme).toContain(name);
      for (const key of keys) expect([name, readme.includes(key)]).toEqual([name, true]);
    }
  });

  it('connects every Deployment to NATS as its own user, over TLS in production', () => {
    for (const deployment of byKind(objects, 'Deployment')) {
      const name = deployment.metadata.name;
      const container = podSpecOf(deployment).containers[0]!;
      const env = resolveEnv(container, objects);
      expect([name, env.NATS_USER, env.NATS_PASSWORD]).toEqual([name, name, `secret:runpledge-nats/${name}`]);
      if (overlay !== 'prod') continue;
      expect([name, env.NATS_URL]).toEqual([name, expect.stringMatching(/^tls:\/\//)]);
      const mount = container.volumeMounts?.find((m) => env.NATS_TLS_CA_FILE?.startsWith(`${m.mountPath}/`));
      const volume = podSpecOf(deployment).volumes?.find((v) => v.name === mount?.name);
      expect([name, volume?.secret?.secretName]).toEqual([name, 'runpledge-nats-ca']);
    }
  });

  it('sets only variables the code reads', () => {
    const known = knownEnvVars();
    for (const workload of [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')]) {
      for (const container of containersOf(workload)) {
        const unknown = Object.keys(resolveEnv(container, objects)).filter((name) => !known.has(name));
        expect([workload.metadata.name, unknown]).toEqual([workload.metadata.name, []]);
      }
    }
  });

  it('runs the images of the Dockerfile, pinned per overlay, the fitness workers from worker.js', () => {
    for (const workload of [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')]) {
      for (const container of containersOf(workload)) {
        const [, repository, tag] = /^(.+?)(?::([^:/]+))?$/.exec(container.image!)!;
        const target = repository!.split('/').at(-1)!;
        expect(IMAGE_TARGETS).toContain(target);
        expect([workload.metadata.name, tag]).toEqual([workload.metadata.name, overlay === 'dev' ? 'dev' : '0.1.0']);
        if (overlay === 'prod') expect(repository).toMatch(/^registry\.example\.com\/runpledge\//);
      }
    }
    const worker = containersOf(find(objects, 'Deployment', 'fitness-worker')!)[0]!;
    expect(worker.image).toMatch(/\/fitness:/);
    expect(worker.command).toEqual(['node', 'services/fitness/dist/worker.js']);
    const communityWorker = containersOf(find(objects, 'Deployment', 'community-worker')!)[0]!;
    expect(communityWorker.image).toMatch(/\/community:/);
    expect(communityWorker.command).toEqual(['node', 'services/community/dist/worker.js']);
    expect(containersOf(find(objects, 'Job', 'migrate')!)[0]!.image).toMatch(/\/migrate:/);
  });
});

describe('the domain-events stream', () => {
  it('is the stream libs/server-kit creates: subjects, storage, retention, max age, duplicate window', async () => {
    const stream = find(render('prod'), 'Stream', 'domain-events')!.spec as {
      name: string;
      subjects: string[];
      storage: string;
      retention: string;
      maxAge: string;
      duplicateWindow: string;
    };
    expect(stream.name).toBe(eventStreamName(''));
    const prefix = `k8sstream${Date.now().toString(36)}.`;
    const nc = await connect({ servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',') });
    try {
      const jsm = await ensureEventStream(nc, prefix);
      const name = eventStreamName(prefix);
      const { config } = await jsm.streams.info(name);
      try {
        expect(config.subjects.map((s) => s.slice(prefix.length))).toEqual(stream.subjects);
        expect(config.storage).toBe(stream.storage);
        expect(config.retention).toBe(stream.retention);
        expect(config.max_age).toBe(durationNs(stream.maxAge));
        expect(config.duplicate_window).toBe(durationNs(stream.duplicateWindow));
      } finally {
        await jsm.streams.delete(name);
      }
    } finally {
      await nc.close();
    }
  });
});

describe('the dead-letter stream', () => {
  it('is the stream libs/server-kit creates: subjects, storage, retention, max age', async () => {
    const stream = find(render('prod'), 'Stream', 'domain-events-dlq')!.spec as {
      name: string;
      subjects: string[];
      storage: string;
      retention: string;
      maxAge: string;
      duplicateWindow: string;
    };
    expect(stream.name).toBe(deadLetterStreamName(''));
    const prefix = `k8sdlq${Date.now().toString(36)}.`;
    const nc = await connect({ servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',') });
    try {
      await ensureDeadLetterStream(nc, prefix);
      const jsm = await jetstreamManager(nc);
      const name = deadLetterStreamName(prefix);
      const { config } = await jsm.streams.info(name);
      try {
        expect(config.subjects.map((s) => s.slice(prefix.length))).toEqual(stream.subjects);
        expect(config.storage).toBe(stream.storage);
        expect(config.retention).toBe(stream.retention);
        expect(config.max_age).toBe(durationNs(stream.maxAge));
        // NATS's default, which the code does not set.
        expect(config.duplicate_window).toBe(durationNs(stream.duplicateWindow));
      } finally {
        await jsm.streams.delete(name);
      }
    } finally {
      await nc.close();
    }
  });
});

/** An nginx size (`proxy-body-size`: `512k`, `11m`, bytes) in bytes; NaN when unset or unreadable. */
function nginxSize(value: string | undefined): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(value ?? '');
  if (!match) return NaN;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * unit;
}
