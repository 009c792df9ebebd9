// What `pnpm start` runs, compiled once: the launcher (scripts/start.ts), the embedded Postgres's runner
// and each process's main.ts, bundled by esbuild (as `pnpm build` does for dist/) into
// node_modules/.cache/gatehouse-start, so that no process holds a TypeScript compiler for its whole life.
// A compile is skipped when no file it read changed since the last one (their sizes and times are kept
// beside the output), so a change to the sources is picked up by the next `pnpm start` with no build step.
// Plain JavaScript: it runs before anything is compiled. scripts/start.js asks upToDate() and, when not,
// runs this file as a process of its own, so the launcher never holds esbuild.
const fs = require('node:fs');
const { builtinModules } = require('node:module');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, 'node_modules', '.cache', 'gatehouse-start');
const INPUTS = path.join(OUT, 'inputs.json');

/** Output file (under OUT, without .js) → source. The launcher starts each `<process>/main.js`. */
const ENTRIES = {
  launcher: 'scripts/start.ts',
  'postgres-runner': 'scripts/start/postgres-runner.ts',
  'gateway/main': 'gateway/src/main.ts',
  'auth/main': 'services/auth/src/main.ts',
  'avatar/main': 'services/avatar/src/main.ts',
  'telegram-bot/main': 'services/telegram-bot/src/main.ts',
  'payment/main': 'services/payment/src/main.ts',
};

/**
 * Files whose change may change the output without being read by the compile: this file (the options),
 * the lockfile and the installed packages (the third-party files the output requires by path).
 */
const ALSO_WATCHED = ['scripts/start/compile.js', 'pnpm-lock.yaml', 'node_modules/.modules.yaml'];

/**
 * Our code is bundled as it is read from sources, with `__dirname` and `__filename` of the file each
 * line came from (where a process finds its protos, migrations and page); a third-party package stays a
 * require() of the very file node resolves from the importing source, so it loads as it does under tsx.
 */
const fromSources = {
  name: 'from-sources',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@gatehouse/')) return undefined;
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) return { external: true };
      try {
        return { path: require.resolve(args.path, { paths: [args.resolveDir] }), external: true };
      } catch {
        return { external: true }; // node says what is missing when it is required
      }
    });
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      return {
        contents: text
          .replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path)))
          .replace(/\b__filename\b/g, JSON.stringify(args.path)),
        loader: 'ts',
      };
    });
  },
};

/** Size and modification time of each file (`missing` for one that is gone). */
function stamp(files) {
  return Object.fromEntries(
    files.map((file) => {
      try {
        const s = fs.statSync(path.join(ROOT, file));
        return [file, `${s.size}:${s.mtimeMs}`];
      } catch {
        return [file, 'missing'];
      }
    }),
  );
}

/** Whether the last compile's output is there and no file it read has changed since. */
function upToDate() {
  let kept;
  try {
    kept = JSON.parse(fs.readFileSync(INPUTS, 'utf8'));
  } catch {
    return false;
  }
  const now = stamp(Object.keys(kept));
  return (
    Object.keys(ENTRIES).every((out) => fs.existsSync(path.join(OUT, `${out}.js`))) &&
    Object.entries(kept).every(([file, was]) => now[file] === was)
  );
}

/**
 * Compiles every entry. Each file is written beside its place and renamed over it, so a process starting
 * meanwhile (another `pnpm start` of this checkout) reads a whole file, old or new; the inputs' stamp
 * is written last.
 */
async function compile() {
  const esbuild = require('esbuild');
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([out, src]) => [out, path.join(ROOT, src)])),
      outdir: OUT,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      // Class and function names show in logs and error kinds, as from sources.
      keepNames: true,
      // Stack traces name the TypeScript lines (node --enable-source-maps), as they did under tsx.
      sourcemap: 'linked',
      sourcesContent: false,
      plugins: [fromSources],
      metafile: true,
      write: false,
      logLevel: 'error',
    });
    const written = [
      ...result.outputFiles.map((file) => [file.path, file.contents]),
      [INPUTS, `${JSON.stringify(stamp([...Object.keys(result.metafile.inputs), ...ALSO_WATCHED]), null, 1)}\n`],
    ];
    for (const [file, contents] of written) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, contents);
      fs.renameSync(partial, file);
    }
  } finally {
    await esbuild.stop();
  }
}

module.exports = { OUT, upToDate };

if (require.main === module) {
  compile().catch((err) => {
    // esbuild has printed each error with its file and line.
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
