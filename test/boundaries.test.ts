// The house's boundaries, checked on the sources so a new import cannot quietly cross one:
// - domain code (everything in a service's src/ except its gRPC adapters in grpc/, the composition root
//   service.ts with its feature factories in start/, main.ts and index.ts) imports no transport: not
//   grpc-js, the gRPC kit, the proto loader or Koa;
// - the ground packages (errors, contract, config, logger, token, redis) import no transport and no service;
// - no service imports another service, and no package imports a service or the gateway (but the test
//   kit, the tests' own private package, which runs auth's migrations to make the trail a test's ledger
//   writes into, as a deployment runs them before payment serves);
// - the gateway's routes, lanes and auth decide on grpc-kit's describeCallError (its kind, code,
//   answeredByService), never on raw gRPC status codes: no `status` from grpc-js, no `.code` compared
//   to a status number.
// The auth service's own layer order is checked in services/auth/test/layering.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const TRANSPORTS = ['@grpc/grpc-js', '@grpc/proto-loader', '@gatehouse/grpc-kit', '@gatehouse/proto', 'koa', '@koa/'];
const SERVICES = ['auth', 'avatar', 'payment', 'telegram-bot'];
const GROUND_PACKAGES = ['errors', 'contract', 'config', 'logger', 'token', 'redis', 'migrations'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Every module specifier a file imports or re-exports (static, dynamic and require). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)];
  return found.map((m) => m[1] as string);
}

const isTransport = (spec: string) =>
  TRANSPORTS.some((t) => spec === t || spec.startsWith(t.endsWith('/') ? t : `${t}/`));

/** Files outside the transport edge of a service: grpc/, service.ts and start/, main.ts, index.ts. */
function isDomainFile(serviceSrc: string, file: string): boolean {
  const rel = path.relative(serviceSrc, file).split(path.sep).join('/');
  return !/^(grpc|start)\//.test(rel) && !['service.ts', 'main.ts', 'index.ts'].includes(rel);
}

function violations(files: string[], bad: (spec: string, file: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((spec) => bad(spec, file))
      .map((spec) => `${path.relative(ROOT, file)} imports ${spec}`),
  );
}

/**
 * Where a source decides on a raw gRPC status: `status` (or the whole module, whose `.status` is then
 * at hand) imported from grpc-js, a status named as `grpc.status.X`/`Status.X`, a `.code` compared to a number.
 */
function rawStatusDecisions(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/import\s+(?!type\b)([^;]*?)\s+from\s+'@grpc\/grpc-js'/g)) {
    const names = m[1] as string;
    if (/\*\s+as\s+\w+/.test(names) || /\b(status|Status)\b/.test(names))
      found.push(`imports ${names.trim()} from @grpc/grpc-js`);
  }
  for (const m of text.matchAll(/\.code\s*[!=]==?\s*(\d+|[\w.]*\b[Ss]tatus\.\w+)/g)) found.push(`compares ${m[0]}`);
  for (const m of text.matchAll(/\b(\d+|[\w.]*\b[Ss]tatus\.[A-Z_]+)\s*[!=]==?\s*[\w.()]*\.code\b/g))
    found.push(`compares ${m[0]}`);
  return found;
}

describe('boundaries', () => {
  it.each(SERVICES)('the %s service domain imports no transport', (service) => {
    const src = path.join(ROOT, 'services', service, 'src');
    const domain = sourceFiles(src).filter((f) => isDomainFile(src, f));
    expect(domain.length).toBeGreaterThan(3);
    // oidc-provider (the local OAuth2 server's engine) runs on Koa inside; using its API is not
    // importing Koa, so it is allowed.
    const crossing = violations(domain, isTransport);
    expect(crossing).toEqual([]);
  });

  it.each(GROUND_PACKAGES)('the %s package imports no transport, service or gateway', (pkg) => {
    const files = sourceFiles(path.join(ROOT, 'packages', pkg, 'src'));
    expect(files.length).toBeGreaterThan(0);
    const crossing = violations(
      files,
      (spec) => isTransport(spec) || /^@gatehouse\/(.*-service|gateway|hooks-sdk|koa-auth)$/.test(spec),
    );
    expect(crossing).toEqual([]);
  });

  it('no service imports another service, and no package imports a service or the gateway', () => {
    const crossing = SERVICES.flatMap((service) =>
      violations(sourceFiles(path.join(ROOT, 'services', service, 'src')), (spec) =>
        SERVICES.some(
          (other) =>
            other !== service && (spec.includes(`services/${other}/`) || spec === `@gatehouse/${other}-service`),
        ),
      ),
    );
    const TEST_KIT_READS = new Set(['../../../services/auth/src/stores/postgres']);
    const fromPackages = readdirSync(path.join(ROOT, 'packages')).flatMap((pkg) =>
      violations(
        sourceFiles(path.join(ROOT, 'packages', pkg, 'src')),
        (spec) =>
          !(pkg === 'test-kit' && TEST_KIT_READS.has(spec)) &&
          (/^@gatehouse\/(.*-service|gateway)$/.test(spec) || /\/(services|gateway)\//.test(spec)),
      ),
    );
    expect([...crossing, ...fromPackages]).toEqual([]);
  });

  it('the gateway routes, lanes and auth decide on the shared error description, not gRPC status codes', () => {
    const files = ['routes', 'lanes', 'auth'].flatMap((dir) => sourceFiles(path.join(ROOT, 'gateway', 'src', dir)));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      rawStatusDecisions(readFileSync(file, 'utf8')).map((what) => `${path.relative(ROOT, file)}: ${what}`),
    );
    expect(found).toEqual([]);
  });

  it('finds a crossing when there is one', () => {
    expect(rawStatusDecisions("import { status as grpcStatus } from '@grpc/grpc-js';")).toHaveLength(1);
    expect(
      rawStatusDecisions("import * as grpc from '@grpc/grpc-js';\nif (e.code === grpc.status.NOT_FOUND) x();"),
    ).toHaveLength(2);
    expect(rawStatusDecisions('if ((err as { code?: unknown }).code === 16) x();')).toHaveLength(1);
    expect(rawStatusDecisions("import type { ClientReadableStream } from '@grpc/grpc-js';")).toEqual([]);
    expect(rawStatusDecisions("if (describeCallError(err).kind === 'unauthenticated') x();")).toEqual([]);
    // The checker itself: a domain file importing grpc-js must be reported.
    expect(isTransport('@grpc/grpc-js')).toBe(true);
    expect(isTransport('@koa/router')).toBe(true);
    expect(isTransport('koa-compose')).toBe(false);
    expect(isDomainFile('/s/src', '/s/src/grpc/handlers.ts')).toBe(false);
    expect(isDomainFile('/s/src', '/s/src/ledger.ts')).toBe(true);
  });
});
