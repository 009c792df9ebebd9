// Runs one of the project's command-line entries (services/*/src/cli/*.ts) from sources, as its bundle
// runs in an image, and collects what it printed: for tests of those entries' exit codes and output.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** `entry` is relative to the repository; `env` is laid over this process's, an undefined value unsetting. */
export function runEntry(
  entry: string,
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; out: string }> {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [path.join(ROOT, entry)], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}
