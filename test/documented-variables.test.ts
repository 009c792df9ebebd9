// docs/configuration.md against what ships: each table's "read by" column names the processes that read a
// variable, and each of them must be given it under `pnpm start` (the environment scripts/start.ts gives
// each process, computed without starting any), by the compose file and by the Kubernetes manifests.
// The lists of what each workload reads (packages/config/src/declared-settings.ts) are its schema's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@gatehouse/test-kit/stack';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { parse } from 'yaml';
import { declaredSettings as gatewaySettings } from '../gateway/src/config';
import { DECLARED_SETTINGS } from '../packages/config/src/declared-settings';
import { looksSecret, SECRET_HOLDERS, WORKLOADS, type Workload } from '../packages/config/src/secret-holders';
import { environmentFor, LAUNCHER_SETTINGS, undeclaredSettings } from '../scripts/start/environments';
import { declaredSettings as authSettings } from '../services/auth/src/config';
import { declaredSettings as avatarSettings } from '../services/avatar/src/config';
import { declaredSettings as paymentSettings } from '../services/payment/src/config';
import { declaredSettings as telegramSettings } from '../services/telegram-bot/src/config';
import { containerEnv, named, render } from './kubernetes/render';

/** One row of a settings table: its variables, the processes that read them, the tools that do. */
interface Documented {
  names: string[];
  readers: Workload[];
  tools: string[];
}

const TOOLS = ['`pnpm start`', '`pnpm admin`'];

/** The rows of docs/configuration.md's tables that have a "read by" column. */
function documented(): Documented[] {
  const rows: Documented[] = [];
  let column = -1;
  for (const line of readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8').split('\n')) {
    if (!line.startsWith('|')) {
      column = -1;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    if (cells.includes('read by')) column = cells.indexOf('read by');
    if (column < 0 || cells.includes('read by') || /^-+$/.test(cells[0] ?? '')) continue;
    const names = [...(cells[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '');
    const said = (cells[column] ?? '').split(',').map((w) => w.trim());
    const readers = said.includes('every process')
      ? [...WORKLOADS]
      : said.filter((w) => WORKLOADS.includes(w as Workload));
    const tools = said.filter((w) => TOOLS.includes(w));
    const unknown = said.filter(
      (w) => w !== 'every process' && !WORKLOADS.includes(w as Workload) && !TOOLS.includes(w),
    );
    if (unknown.length > 0) throw new Error(`docs/configuration.md, ${names.join(', ')}: "read by" names ${unknown}`);
    rows.push({ names, readers: readers as Workload[], tools });
  }
  return rows;
}

/** Every (variable, process) the page documents. */
const pairs = () => documented().flatMap((row) => row.names.flatMap((name) => row.readers.map((w) => ({ name, w }))));

/** A caller's `<S>_GRPC_PORT` only makes the default of `<S>_GRPC_ADDR`: where the address is given, it is moot. */
const mootPort = (name: string, given: (n: string) => boolean) =>
  /_GRPC_PORT$/.test(name) && given(name.replace(/_PORT$/, '_ADDR'));

/** What the image gives every process (the Dockerfile's ENV after its last FROM). */
function imageEnv(): Set<string> {
  const text = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const last = text.slice(text.lastIndexOf('\nFROM '));
  return new Set(
    [...last.matchAll(/^ENV (.+)$/gm)].flatMap(([, list = '']) =>
      list.split(/\s+/).map((kv) => kv.split('=')[0] ?? ''),
    ),
  );
}

describe("each workload's settings", () => {
  it('are the keys its settings schema declares', () => {
    const schemas: Record<Workload, readonly string[]> = {
      gateway: gatewaySettings,
      auth: authSettings,
      avatar: avatarSettings,
      'telegram-bot': telegramSettings,
      payment: paymentSettings,
    };
    for (const w of WORKLOADS)
      expect({ w, listed: [...DECLARED_SETTINGS[w]].sort() }).toEqual({ w, listed: [...schemas[w]].sort() });
  });

  it('name every secret in the allow-list of secrets, and each listed holder reads it', () => {
    const unlisted = WORKLOADS.flatMap((w) =>
      DECLARED_SETTINGS[w].filter((n) => looksSecret(n) && !(n in SECRET_HOLDERS)),
    );
    expect(unlisted).toEqual([]);
    const notRead = Object.entries(SECRET_HOLDERS).flatMap(([name, holders]) =>
      holders.filter((w) => !DECLARED_SETTINGS[w].includes(name)).map((w) => `${w}: ${name}`),
    );
    expect(notRead).toEqual([]);
  });
});

describe('pnpm start', () => {
  const started = { internalKeys: '/keys', gatewayKeysFile: '/keys.public.json', configSecrets: new Set<string>() };
  const everything = Object.fromEntries(
    [...pairs().map((p) => p.name), ...WORKLOADS.flatMap((w) => DECLARED_SETTINGS[w])].map((n) => [n, 'x']),
  );

  it('gives every variable docs/configuration.md documents to each process it is documented for', () => {
    const missing = pairs().filter(({ name, w }) => environmentFor(w, everything, started)[name] === undefined);
    expect(missing.map(({ name, w }) => `${w}: ${name}`)).toEqual([]);
  });

  it('gives each process every variable its schema declares, and secrets only to their holders', () => {
    for (const w of WORKLOADS) {
      const given = environmentFor(w, everything, started);
      const expected = DECLARED_SETTINGS[w].filter((n) => !SECRET_HOLDERS[n] || SECRET_HOLDERS[n]?.includes(w));
      expect({ w, missing: expected.filter((n) => given[n] === undefined) }).toEqual({ w, missing: [] });
      const foreign = Object.keys(given).filter((n) => SECRET_HOLDERS[n] && !SECRET_HOLDERS[n]?.includes(w));
      expect({ w, foreign }).toEqual({ w, foreign: [] });
    }
  });

  it('reads its own settings itself, and names a setting of ours that no process reads', () => {
    const own = documented()
      .filter((row) => row.tools.includes('`pnpm start`'))
      .flatMap((row) => row.names);
    expect(own.filter((n) => !LAUNCHER_SETTINGS.includes(n))).toEqual([]);
    const env = {
      ...everything,
      AUTH_UNLISTED_SECRET: 'x',
      WEBHOOK_ALOW_PRIVATE: 'true',
      GRPC_TRACE: 'all',
      PATH: '/bin',
    };
    expect(undeclaredSettings(env, new Set())).toEqual(['AUTH_UNLISTED_SECRET', 'WEBHOOK_ALOW_PRIVATE']);
    for (const w of WORKLOADS) {
      const given = environmentFor(w, env, started);
      expect({ w, names: [given.AUTH_UNLISTED_SECRET, given.GATEHOUSE_DATA_DIR, given.PATH] }).toEqual({
        w,
        names: [undefined, undefined, '/bin'],
      });
    }
  });
});

it('the compose file gives every documented variable to each process it is documented for', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string> }>;
  };
  const image = imageEnv();
  const missing = pairs().filter(({ name, w }) => {
    const env = compose.services[w]?.environment ?? {};
    const given = (n: string) => n in env || image.has(n);
    return !given(name) && !mootPort(name, given);
  });
  expect(missing.map(({ name, w }) => `${w}: ${name}`)).toEqual([]);
});

it('the Kubernetes manifests give every documented variable to each process it is documented for', () => {
  const { objects } = render(path.join(ROOT, 'deploy', 'kubernetes'));
  const image = imageEnv();
  const containers = {} as Record<Workload, { container: IContainer; env: Map<string, unknown> }>;
  for (const w of WORKLOADS) {
    const container = named<IDeployment>(objects, 'Deployment', w)?.spec?.template.spec?.containers[0];
    if (!container) throw new Error(`no Deployment ${w}`);
    containers[w] = { container, env: containerEnv(container, objects).env };
  }
  const problems: string[] = [];
  for (const row of documented())
    for (const name of row.names) {
      const setFor = row.readers.filter((w) => containers[w].env.has(name) || image.has(name));
      for (const w of row.readers) {
        const { container, env } = containers[w];
        const given = (n: string) => env.has(n) || image.has(n);
        if (given(name) || mootPort(name, given)) continue;
        // Set for another reader and not this one: the readers would disagree.
        if (setFor.length > 0) problems.push(`${w}: ${name} is set for ${setFor.join(', ')} but not here`);
        // Otherwise the operator sets it where this workload reads its own settings or secrets.
        const own = SECRET_HOLDERS[name] ? `${w}-env` : `${w}-settings`;
        const reads = (container.envFrom ?? []).some(
          (f) => (f.secretRef?.name ?? '') === own || (f.configMapRef?.name ?? '').startsWith(`${own}-`),
        );
        if (!reads) problems.push(`${w}: ${name} has no place: the Deployment reads no ${own}`);
      }
    }
  expect(problems).toEqual([]);
});
