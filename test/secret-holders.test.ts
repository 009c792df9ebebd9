// The one allow-list of secrets per workload (packages/config/src/secret-holders.ts) against what ships: the
// compose file gives each workload only secrets it is listed for, the Kubernetes manifests mount only the
// workload's own Secrets and name only its secrets, and the Secrets table of deploy/kubernetes/README.md
// puts each listed secret only into its holders' Secrets. `pnpm start` is checked on running processes
// (test/start.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@gatehouse/test-kit/stack';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { looksSecret, mayHold, SECRET_HOLDERS, WORKLOADS, type Workload } from '../packages/config/src/secret-holders';

const isWorkload = (name: string): name is Workload => (WORKLOADS as readonly string[]).includes(name);

describe('the allow-list of secrets per workload', () => {
  it('lists only names that read as secrets, each for known workloads', () => {
    for (const [name, holders] of Object.entries(SECRET_HOLDERS)) {
      expect({ name, secret: looksSecret(name) || /_URL$|_STORE$|_ID$|_FILE$/.test(name) }).toEqual({
        name,
        secret: true,
      });
      for (const w of holders) expect(WORKLOADS).toContain(w);
    }
  });

  it('is what the compose file gives each workload', () => {
    const compose = parseYaml(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const given: string[] = [];
    for (const [service, { environment = {} }] of Object.entries(compose.services)) {
      if (!isWorkload(service)) continue;
      for (const name of Object.keys(environment)) if (!mayHold(service, name)) given.push(`${service}: ${name}`);
    }
    expect(given).toEqual([]);
  });

  it('is what the Kubernetes manifests mount and name for each workload', () => {
    const wrong: string[] = [];
    const dir = path.join(ROOT, 'deploy/kubernetes/base');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
      for (const doc of parseAllDocuments(readFileSync(path.join(dir, file), 'utf8'))) {
        const object = doc.toJS() as { kind?: string; metadata?: { name?: string } };
        if (!object || !['Deployment', 'Job', 'StatefulSet'].includes(object.kind ?? '')) continue;
        // A workload's pods run as its service account (auth-migrate runs as auth).
        const spec = (object as { spec?: { template?: { spec?: PodSpec } } }).spec?.template?.spec;
        const workload = spec?.serviceAccountName ?? '';
        if (!isWorkload(workload)) {
          wrong.push(`${file} ${object.metadata?.name}: runs as no workload's service account`);
          continue;
        }
        for (const c of [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])]) {
          for (const from of c.envFrom ?? [])
            if (from.secretRef && !from.secretRef.name.startsWith(`${workload}-`))
              wrong.push(`${file} ${c.name}: mounts Secret ${from.secretRef.name}`);
          for (const e of c.env ?? []) {
            const ref = e.valueFrom?.secretKeyRef;
            if (ref && !ref.name.startsWith(`${workload}-`)) wrong.push(`${file} ${c.name}: reads Secret ${ref.name}`);
            if (!mayHold(workload, e.name)) wrong.push(`${file} ${c.name}: ${e.name}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is what the Kubernetes README tells operators to put into each Secret', () => {
    const readme = readFileSync(path.join(ROOT, 'deploy/kubernetes/README.md'), 'utf8');
    const wrong: string[] = [];
    for (const line of readme.split('\n')) {
      const row = /^\|\s*`([a-z-]+)-(?:env|signing)`\s*\|[^|]*\|([^|]*)\|/.exec(line);
      if (!row) continue;
      const [, workload = '', holds = ''] = row;
      if (!isWorkload(workload)) continue;
      for (const [, name = ''] of holds.matchAll(/`([A-Z][A-Z0-9_]*)`/g))
        if (name in SECRET_HOLDERS && !mayHold(workload, name)) wrong.push(`${workload}: ${name}`);
    }
    expect(wrong).toEqual([]);
  });
});

interface Container {
  name: string;
  envFrom?: { secretRef?: { name: string }; configMapRef?: { name: string } }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
}
interface PodSpec {
  serviceAccountName?: string;
  containers?: Container[];
  initContainers?: Container[];
}
