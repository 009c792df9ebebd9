// The images build from what .dockerignore lets into the build context. A source file whose name a
// pattern catches (`**/secrets*` caught packages/config/src/secrets.ts) is missing in the image and
// `pnpm build` fails there, only in Docker. Checked here with Docker's own pattern rules.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';

const ROOT = path.resolve(__dirname, '..');

/** Tracked files the build reads: sources, protos, migrations, the workspace manifests; not tests. */
function filesTheBuildReads(): string[] {
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  return tracked.filter(
    (file) =>
      /^(gateway|services\/[^/]+|packages\/[^/]+)\/(src|migrations)\/|^protos\/|^scripts\/|(^|\/)package\.json$|^tsconfig/.test(
        file,
      ) &&
      !/\.test\.ts$/.test(file) &&
      !/(^|\/)test\//.test(file),
  );
}

it('lets every file the image build reads into the build context', () => {
  const rules = dockerignore().add(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));
  const files = filesTheBuildReads();
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((file) => rules.ignores(file))).toEqual([]);
});

it('keeps secrets, local data and tests out of it', () => {
  const rules = dockerignore().add(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));
  for (const file of [
    '.env',
    'deploy/secrets.env',
    '.data/pg/PG_VERSION',
    'gateway/test/x.test.ts',
    'a/internal-keys/k.json',
  ]) {
    expect(rules.ignores(file)).toBe(true);
  }
});
