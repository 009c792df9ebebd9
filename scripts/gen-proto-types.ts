// Regenerates packages/proto/src/gen from protos/ with the same options the loader uses.
// CI runs it and fails when the committed output differs (`git diff --exit-code`).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROTO_FILES, PROTO_ROOT } from '../packages/proto/src/index';

const outDir = path.resolve(__dirname, '../packages/proto/src/gen');
rmSync(outDir, { recursive: true, force: true });
const bin = require.resolve('@grpc/proto-loader/build/bin/proto-loader-gen-types.js', {
  paths: [path.resolve(__dirname, '../packages/proto')],
});
execFileSync(
  process.execPath,
  [
    bin,
    '--longs=String',
    '--enums=String',
    '--defaults',
    '--oneofs',
    '--grpcLib=@grpc/grpc-js',
    `--includeDirs=${PROTO_ROOT}`,
    `--outDir=${outDir}`,
    ...Object.values(PROTO_FILES),
  ],
  { stdio: 'inherit' },
);

// proto-loader-gen-types writes one file per message; a barrel per package lets callers write
// `import type { auth } from '@gatehouse/proto'` and `auth.IssuedToken__Output`.
for (const file of Object.values(PROTO_FILES)) {
  const pkgDir = path.join(outDir, path.dirname(file));
  const names = readdirSync(pkgDir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => f.slice(0, -3))
    .sort();
  const body = names.map((n) => `export type * from './${n}';`).join('\n');
  writeFileSync(path.join(pkgDir, 'index.ts'), `${body}\n`);
}

// The generator writes the absolute path of each proto into a comment; make it relative so the
// output is the same on every machine.
function relativisePaths(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) relativisePaths(full);
    else writeFileSync(full, readFileSync(full, 'utf8').replaceAll(`${PROTO_ROOT}/`, 'protos/'));
  }
}
relativisePaths(outDir);
