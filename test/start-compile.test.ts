// What `pnpm start` runs is compiled again exactly when a file it was compiled from changed
// (scripts/start/compile.js): the next start picks up a change to the sources with no build step, and a
// start with nothing changed compiles nothing.
import { spawnSync } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@gatehouse/test-kit/stack';

const { upToDate } = require('../scripts/start/compile.js') as { upToDate: () => boolean };

const compile = () => {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/start/compile.js')], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
};

it('compiles again when a source of the launcher or of a process changes, and only then', () => {
  if (!upToDate()) compile();
  expect(upToDate()).toBe(true);
  for (const source of ['scripts/start/readiness.ts', 'services/avatar/src/config.ts']) {
    const file = path.join(ROOT, source);
    const { atime, mtime } = statSync(file);
    // A save: the file's time moves (what is compared is each file's size and time).
    utimesSync(file, atime, new Date(mtime.getTime() + 1000));
    expect({ source, upToDate: upToDate() }).toEqual({ source, upToDate: false });
    compile();
    expect({ source, upToDate: upToDate() }).toEqual({ source, upToDate: true });
  }
});
