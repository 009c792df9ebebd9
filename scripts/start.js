// `pnpm start`'s entry, plain JavaScript so that no TypeScript compiler stays in memory: when a source
// changed since the last start, scripts/start/compile.js compiles the launcher (scripts/start.ts) and
// every process it starts, in a process of its own; then the launcher runs here, on plain node.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { OUT, upToDate } = require('./start/compile.js');

if (!upToDate()) {
  const compiled = spawnSync(process.execPath, [path.join(__dirname, 'start', 'compile.js')], { stdio: 'inherit' });
  if (compiled.status !== 0) {
    console.log('[start       ] could not compile the sources: the lines above say why');
    process.exit(1);
  }
}
require(path.join(OUT, 'launcher.js'));
