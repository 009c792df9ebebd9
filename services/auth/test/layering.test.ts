// The auth service's imports only go down (issue 17): every module of src/ belongs to one layer below,
// and may import its own folder or a lower layer, never a higher one nor a sibling of its own layer.
// Only the gRPC adapters and the composition root may use the transport libraries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '..', 'src');

/**
 * Bottom first. A unit is a folder of src/ or a file directly in it.
 * - errors.ts, http/: the error-code registry both providers and logins throw from, and HTTP helpers
 *   the in-process servers share; they import nothing of the service.
 * - stores/, credentials/, senders/: the seams to the outside (state, password checks, messages), each
 *   with the settings type it reads; independent of each other.
 * - local-server/: the local OAuth2 server, an identity provider that runs in this process; providers
 *   start it and talk to it over HTTP like to any other, so it sits below them.
 * - providers/: what each identity provider is (endpoints, mapping, ID-token checks, the dev server)
 *   and starting the configured ones.
 * - login/: the engines that use providers (OAuth2 flow, sessions) and the built-in direct and verified
 *   logins, with their settings. totp/: the TOTP second factor (sealed secrets, codes, the login hold),
 *   beside login/, which it does not import (the gRPC handlers put the hold between them).
 * - config.ts: reads the environment and assembles the settings types of every layer below it.
 * - grpc/: the adapters: the gRPC server, its handlers, and the clients of other services.
 * - service.ts: the composition root; main.ts: the process; cli/: one-shot entries (db-migrate).
 */
const LAYERS: string[][] = [
  ['errors.ts', 'http'],
  ['stores', 'credentials', 'senders'],
  ['local-server'],
  ['providers'],
  ['login', 'totp'],
  ['config.ts'],
  ['grpc'],
  // tracing.ts starts the OpenTelemetry SDK before anything else loads, so only main.ts imports it.
  ['service.ts', 'tracing.ts'],
  // cli/: the image's other entries, beside the process (db-migrate.js, the Kubernetes migration Job).
  ['main.ts', 'cli'],
];

/** Units that may speak gRPC (or serve HTTP with Koa); everything else is domain code. */
const TRANSPORT_UNITS = new Set(['grpc', 'service.ts', 'tracing.ts', 'main.ts']);
const TRANSPORT_PACKAGES = /^(@grpc\/grpc-js|@gatehouse\/grpc-kit|@gatehouse\/proto|koa)(\/|$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every module specifier: static imports and re-exports, dynamic import() and require(). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+'([^']+)'/g, /\bimport\s+'([^']+)'/g, /\b(?:import|require)\(\s*'([^']+)'\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The folder of src/ a path lies in, or its file name when it lies directly in src/. */
function unitOf(target: string): string {
  const [first, ...rest] = path.relative(SRC, target).split(path.sep) as [string, ...string[]];
  if (rest.length > 0 || first.endsWith('.ts')) return first;
  // An import names a module without its extension, or a folder (its index.ts).
  return existsSync(path.join(SRC, first)) ? first : `${first}.ts`;
}

function layerOf(unit: string): number {
  return LAYERS.findIndex((layer) => layer.includes(unit));
}

/** Each file's imports against LAYERS and the transport rule; an empty list means the layering holds. */
function layeringProblems(): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const name = path.relative(SRC, file);
    const unit = unitOf(file);
    const layer = layerOf(unit);
    if (layer < 0) {
      problems.push(`${name}: ${unit} is in no layer; add it to LAYERS`);
      continue;
    }
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) {
        if (!TRANSPORT_UNITS.has(unit) && TRANSPORT_PACKAGES.test(spec)) {
          problems.push(`${name}: domain code imports ${spec}; transport belongs in grpc/`);
        }
        continue;
      }
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(SRC + path.sep)) {
        problems.push(`${name}: imports ${spec}, outside src/`);
        continue;
      }
      const targetUnit = unitOf(target);
      if (targetUnit === unit) continue;
      const targetLayer = layerOf(targetUnit);
      if (targetLayer < 0 || targetLayer >= layer) {
        problems.push(`${name}: imports ${spec} (${targetUnit}), which is not below ${unit}`);
      }
    }
  }
  return problems;
}

describe('auth service layering', () => {
  it('finds the modules it checks', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(30);
    expect(importsOf("import { a } from './a';\nexport * from '../b';\nawait import('./c');")).toEqual([
      './a',
      '../b',
      './c',
    ]);
    expect(
      ['@grpc/grpc-js', '@gatehouse/proto', 'koa', 'koa/lib', 'koa-compose'].map((p) => TRANSPORT_PACKAGES.test(p)),
    ).toEqual([true, true, true, true, false]);
  });

  it('imports only go down, and only adapters use the transport', () => {
    expect(layeringProblems()).toEqual([]);
  });
});
