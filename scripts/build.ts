// `pnpm build`: compiles each process to one CommonJS file with esbuild, into dist/<process>/, which is
// what the production images run (`node main.js`) and what runs outside Docker too:
//   pnpm build && node dist/gateway/main.js
// Only our own code (the @gatehouse/* workspace packages and each process's sources) is bundled; every
// third-party package stays a plain require() of node_modules, so native modules (sharp, lmdb), ESM-only
// packages and packages that read their own files work exactly as they do from sources. Files a process
// reads at run time are copied beside its bundle (see runtimeAssetDir in @gatehouse/config).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'dist');

interface ProcessBuild {
  /** The workspace package whose production dependencies the process needs. */
  package: string;
  /** The process's entry files, by output name. */
  entries: Record<string, string>;
  /** Folders read at run time, copied beside the bundle under the name runtimeAssetDir is given. */
  assets: Record<string, string>;
}

const PROTOS = { protos: 'protos' };
/** Every image carries the health probe; the gateway's also makes the internal keys (compose's init) and forwards the dev server's port. */
const PROBE = { health: 'packages/grpc-kit/src/health-probe.ts' };

export const PROCESSES: Record<string, ProcessBuild> = {
  gateway: {
    package: '@gatehouse/gateway',
    entries: {
      main: 'gateway/src/main.ts',
      'internal-keys': 'scripts/internal-keys.ts',
      'tcp-forward': 'scripts/tcp-forward.ts',
      ...PROBE,
    },
    assets: { ...PROTOS, public: 'gateway/src/public', 'admin-page': 'gateway/src/admin-page' },
  },
  auth: {
    package: '@gatehouse/auth-service',
    entries: {
      main: 'services/auth/src/main.ts',
      'db-migrate': 'services/auth/src/cli/db-migrate.ts',
      'totp-reseal': 'services/auth/src/cli/totp-reseal.ts',
      ...PROBE,
    },
    assets: {
      ...PROTOS,
      migrations: 'services/auth/migrations',
      // The bundled list of common passwords the password policy always checks.
      'password-lists': 'services/auth/src/passwords/lists',
    },
  },
  avatar: {
    package: '@gatehouse/avatar-service',
    entries: { main: 'services/avatar/src/main.ts', migrate: 'services/avatar/src/cli/migrate.ts', ...PROBE },
    // The avatar table's migrations, for a postgres:// store.
    assets: { ...PROTOS, migrations: 'services/avatar/migrations' },
  },
  'telegram-bot': {
    package: '@gatehouse/telegram-bot-service',
    entries: { main: 'services/telegram-bot/src/main.ts', ...PROBE },
    assets: PROTOS,
  },
  payment: {
    package: '@gatehouse/payment-service',
    entries: {
      main: 'services/payment/src/main.ts',
      'db-migrate': 'services/payment/src/cli/db-migrate.ts',
      // Compose's one-shot `db-roles` (a role per workload) runs from this image: it has pg.
      'db-roles': 'scripts/db-roles.ts',
      ...PROBE,
    },
    assets: { ...PROTOS, migrations: 'services/payment/migrations' },
  },
};

/** Bundles relative imports and @gatehouse/*; leaves every other bare import to node_modules. */
const thirdPartyExternal: Plugin = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@gatehouse/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function buildProcess(name: string, spec: ProcessBuild): Promise<void> {
  const outdir = path.join(OUT, name);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(spec.entries).map(([out, src]) => [out, path.join(ROOT, src)])),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Class and function names show in logs and error kinds; keep them.
    keepNames: true,
    sourcemap: 'linked',
    // Maps give stack traces TypeScript lines (NODE_OPTIONS=--enable-source-maps); no sources in the image.
    sourcesContent: false,
    define: { GATEHOUSE_BUNDLE: 'true' },
    plugins: [thirdPartyExternal],
    logLevel: 'warning',
  });
  for (const [as, from] of Object.entries(spec.assets)) {
    cpSync(path.join(ROOT, from), path.join(outdir, as), { recursive: true });
  }
}

/**
 * The process's production dependencies, flat (hoisted), from pnpm's store: `pnpm deploy --prod`. The
 * workspace packages in it are TypeScript sources already inside the bundle, and type packages are
 * never loaded, so both are dropped.
 */
function installProductionDependencies(name: string, spec: ProcessBuild): void {
  const staging = mkdtempSync(path.join(tmpdir(), `gatehouse-${name}-`));
  try {
    const target = path.join(staging, 'deploy');
    execFileSync(
      'pnpm',
      ['--filter', spec.package, 'deploy', '--prod', '--legacy', '--config.node-linker=hoisted', target],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const modules = path.join(target, 'node_modules');
    for (const drop of ['@gatehouse', '@types', '.pnpm', '.modules.yaml']) {
      rmSync(path.join(modules, drop), { recursive: true, force: true });
    }
    renameSync(modules, path.join(OUT, name, 'node_modules'));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(PROCESSES);
  for (const name of names) {
    const spec = PROCESSES[name];
    if (!spec) throw new Error(`unknown process ${name}; one of ${Object.keys(PROCESSES).join(', ')}`);
    await buildProcess(name, spec);
    installProductionDependencies(name, spec);
    console.log(`built dist/${name}/`);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
