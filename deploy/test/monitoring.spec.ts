// Issue #17: the prod overlay's monitoring objects render, scrape every process on its metrics port
// (reachable from the monitoring namespace only), alert on what the issue lists with valid rules
// (`promtool check rules` where promtool is installed, a schema check always) over metrics the code
// really serves, and ship a Grafana dashboard over the same metrics.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { collectRuntimeMetrics, metricsRegistry } from '@runpledge/server-kit';
import Ajv from 'ajv';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { stringify } from 'yaml';
import { podLabelsOf, podSpecOf, render, selects, type K8sObject } from './lib/k8s.js';

const METRICS_PORT = 9464;
/** The alerts issue #17 asks for, by name. */
const REQUIRED_ALERTS = [
  'RunPledgeHigh5xxRatio', // 5xx ratio
  'RunPledgeLatencyP99High', // p99 above target
  'RunPledgeQueueBacklogGrowing', // queue backlog growing
  'RunPledgeStravaBudgetExhausted', // Strava budget exhausted
  'RunPledgeDeadLetters', // dead-letter stream not empty
  'RunPledgeServiceNotReady', // a service not ready
];
/** Series from Prometheus itself and kube-state-metrics, not from our processes. */
const EXTERNAL_METRICS = ['up', 'kube_deployment_status_replicas_available', 'kube_deployment_spec_replicas'];

const ruleSchema = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'monitoring.coreos.com/v1' },
    kind: { const: 'PrometheusRule' },
    spec: {
      type: 'object',
      additionalProperties: false,
      required: ['groups'],
      properties: {
        groups: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'rules'],
            properties: {
              name: { type: 'string', minLength: 1 },
              interval: { type: 'string', pattern: '^\\d+(ms|s|m|h)$' },
              rules: {
                type: 'array',
                minItems: 1,
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['alert', 'expr', 'labels', 'annotations'],
                  properties: {
                    alert: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$' },
                    expr: { type: 'string', minLength: 1 },
                    for: { type: 'string', pattern: '^\\d+(ms|s|m|h)$' },
                    labels: {
                      type: 'object',
                      required: ['severity'],
                      properties: { severity: { enum: ['critical', 'warning', 'info'] } },
                    },
                    annotations: {
                      type: 'object',
                      required: ['summary', 'description'],
                      additionalProperties: { type: 'string' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

/** Metric names a PromQL expression reads: identifiers followed by a selector `{` or a range `[`. */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  return [...withoutStrings.matchAll(/\b([a-z_:][a-z0-9_:]*)\s*[{[]/g)].map((m) => m[1]!);
}

function promtool(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

describe('monitoring in the prod overlay', () => {
  let objects: K8sObject[];
  let served: Set<string>;
  const find = (kind: string) => objects.filter((o) => o.kind === kind);

  beforeAll(async () => {
    objects = render('prod');
    // What the processes serve: server-kit's metrics (histograms with their series) and the runtime ones.
    collectRuntimeMetrics('deploy-test');
    const metrics = await metricsRegistry.getMetricsAsJSON();
    served = new Set(
      metrics.flatMap((m) =>
        m.type === 'histogram' ? [m.name, `${m.name}_bucket`, `${m.name}_count`, `${m.name}_sum`] : [m.name],
      ),
    );
  });

  it('gives every Deployment a metrics port, METRICS_PORT set to it, and a PodMonitor that scrapes them all', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('runpledge-config'));
    expect((config as { data?: Record<string, string> }).data?.METRICS_PORT).toBe(String(METRICS_PORT));
    const [monitor] = find('PodMonitor');
    expect(monitor).toBeDefined();
    const spec = monitor!.spec as {
      selector: { matchLabels: Record<string, string> };
      podMetricsEndpoints: { port: string; path: string }[];
    };
    expect(spec.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    const deployments = find('Deployment');
    expect(deployments).toHaveLength(9);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      expect([name, selects(spec.selector, podLabelsOf(deployment))]).toEqual([name, true]);
      const containers = podSpecOf(deployment).containers as IContainer[];
      const ports = containers.flatMap((c) => c.ports ?? []);
      expect([name, ports.filter((p) => p.name === 'metrics').map((p) => p.containerPort)]).toEqual([
        name,
        [METRICS_PORT],
      ]);
    }
  });

  it('lets only the monitoring namespace reach the metrics port', () => {
    const policy = find('NetworkPolicy').find((p) => p.metadata.name === 'metrics-from-monitoring');
    expect(policy?.spec).toMatchObject({
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
          ports: [{ protocol: 'TCP', port: METRICS_PORT }],
        },
      ],
    });
    expect((policy!.spec as { ingress: { from: unknown[] }[] }).ingress[0]!.from).toHaveLength(1);
  });

  it('alerts on what the issue lists, with rules of the right shape over metrics the code serves', () => {
    const [rule] = find('PrometheusRule');
    const validate = new Ajv({ allErrors: true, strict: false }).compile(ruleSchema);
    expect(validate(rule) ? [] : validate.errors).toEqual([]);
    const rules = (rule!.spec as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap(
      (g) => g.rules,
    );
    expect(rules.map((r) => r.alert)).toEqual(expect.arrayContaining(REQUIRED_ALERTS));
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    const unknown = rules.flatMap((r) =>
      metricNames(r.expr)
        .filter((name) => !served.has(name) && !EXTERNAL_METRICS.includes(name))
        .map((name) => `${r.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('passes promtool check rules (when promtool is installed)', () => {
    const tool = promtool();
    if (!tool) return; // the schema check above still holds; CI images without Prometheus skip this
    const [rule] = find('PrometheusRule');
    const dir = mkdtempSync(join(tmpdir(), 'runpledge-rules-'));
    const file = join(dir, 'rules.yaml');
    writeFileSync(file, stringify(rule!.spec));
    const out = execFileSync(tool, ['check', 'rules', file], { encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS/);
  });

  it('ships a Grafana dashboard (sidecar-labelled ConfigMap) whose panels read served metrics', () => {
    const map = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'runpledge-grafana-dashboard');
    expect(map?.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    const data = (map as { data: Record<string, string> }).data;
    const dashboard = JSON.parse(data['runpledge-dashboard.json']!) as {
      uid: string;
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe('runpledge-overview');
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    const unknown = exprs.flatMap((e) => metricNames(e).filter((name) => !served.has(name)));
    expect(unknown).toEqual([]);
    // Rate, errors and latency per route and per RPC are on it.
    for (const metric of ['http_request_duration_seconds_count', 'rpc_server_duration_seconds_count']) {
      expect(exprs.some((e) => e.includes(metric))).toBe(true);
    }
  });

  it('keeps the Prometheus Operator objects out of the dev overlay (no operator assumed there)', () => {
    expect(render('dev').filter((o) => o.kind === 'PodMonitor' || o.kind === 'PrometheusRule')).toEqual([]);
  });
});
