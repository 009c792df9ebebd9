// The operations files in deploy/observability against the code: every series an alert or a dashboard
// panel names is one the processes really export, the rules pass promtool where it is installed (CI
// installs Debian's prometheus package for it), and the compose profile mounts files that exist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readStructuredFile } from '../packages/config/src/index';

const ROOT = path.resolve(__dirname, '..');
const DIR = path.join(ROOT, 'deploy', 'observability');

/** Every gatehouse_* series name written in the sources of the processes and packages. */
function exportedSeries(): Set<string> {
  const names = new Set<string>();
  const roots = ['packages', 'services', 'gateway'].map((d) => path.join(ROOT, d));
  for (const root of roots) {
    for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) {
      const file = path.join(e.parentPath, e.name);
      if (!e.isFile() || !e.name.endsWith('.ts') || e.name.endsWith('.test.ts') || file.includes('node_modules'))
        continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](gatehouse_[a-z0-9_]+)['"`]/g))
        names.add(m[1] as string);
    }
  }
  return names;
}

/** The series a PromQL expression reads (histogram _bucket/_sum/_count folded to the histogram). */
function seriesIn(expr: string): string[] {
  return [...expr.matchAll(/\b(gatehouse_[a-z0-9_]+)/g)].map((m) =>
    (m[1] as string).replace(/_(bucket|sum|count)$/, ''),
  );
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rules = (readStructuredFile(path.join(DIR, 'alerts.yml')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (g) => g.rules,
);
const dashboard = JSON.parse(readFileSync(path.join(DIR, 'grafana', 'dashboards', 'gatehouse.json'), 'utf8')) as {
  panels: { type: string; title: string; targets?: { expr: string }[] }[];
};
const exported = exportedSeries();

describe('alert rules', () => {
  it('cover what the operator must act on', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual([
      'GatehouseGateway5xxRatio',
      'GatehousePaymentReplicasDisagree',
      'GatehousePaymentSettingsNotHeard',
      'GatehouseProcessDown',
      'GatehouseProcessorErrorRatio',
      'GatehouseReconciliationBacklogOld',
      'GatehouseRefreshFailures',
      'GatehouseServiceNotServing',
      'GatehouseSettlementDiffers',
      'GatehouseWebhookDeliveryLag',
    ]);
    for (const r of rules) {
      expect(r.for).toMatch(/^\d+[smh]$/);
      expect(r.labels?.severity).toMatch(/^(page|warn)$/);
      expect(r.annotations?.summary).toBeTruthy();
    }
  });

  it('name only series the processes export', () => {
    const unknown = rules.flatMap((r) => seriesIn(r.expr)).filter((s) => !exported.has(s));
    expect(unknown).toEqual([]);
    expect(exported.size).toBeGreaterThan(20);
  });

  const promtool = spawnSync('promtool', ['--version']).status === 0;
  (promtool ? it : it.skip)('pass promtool check rules (CI installs promtool)', () => {
    const run = spawnSync('promtool', ['check', 'rules', path.join(DIR, 'alerts.yml')], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toContain('SUCCESS: 10 rules found');
    expect(run.status).toBe(0);
  });
  (promtool ? it : it.skip)("fire on their unit tests' series (promtool test rules alerts.test.yml)", () => {
    const run = spawnSync('promtool', ['test', 'rules', path.join(DIR, 'alerts.test.yml')], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });
});

describe('the Grafana dashboard', () => {
  const targets = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));

  it('has the golden signals of the gateway, the gRPC services and payments', () => {
    const titles = dashboard.panels.map((p) => p.title);
    for (const t of ['Requests by route', '5xx ratio', 'Latency p50 / p95 / p99', 'Errors by code (not OK)']) {
      expect(titles).toContain(t);
    }
    expect(targets.length).toBeGreaterThan(20);
  });

  it('names only series the processes export', () => {
    const unknown = targets.flatMap((t) =>
      seriesIn(t.expr)
        .filter((s) => !exported.has(s))
        .map((s) => `${t.panel}: ${s}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('the compose observability profile', () => {
  const compose = readStructuredFile(path.join(ROOT, 'docker-compose.yml')) as {
    services: Record<string, { profiles?: string[]; volumes?: string[]; ports?: string[] }>;
  };

  it('starts Prometheus and Grafana only when asked, on loopback, with files that exist', () => {
    for (const name of ['prometheus', 'grafana']) {
      const svc = compose.services[name];
      expect(svc?.profiles).toEqual(['observability']);
      expect(svc?.ports?.[0]).toMatch(/127\.0\.0\.1/);
      for (const v of svc?.volumes ?? []) {
        const [from] = v.split(':');
        if (from?.startsWith('./')) expect(existsSync(path.join(ROOT, from))).toBe(true);
      }
    }
  });
});
