// `pnpm public-keys <AUTH_SIGNING_KEYS_FILE>`: prints the file's public JWK Set, for the processes that
// only verify tokens (the gateway takes it as its AUTH_SIGNING_KEYS_FILE and never holds a private key).
import { readFileSync } from 'node:fs';
import type { JWK } from 'jose';
import { publicKeySetOf } from '../packages/token/src/keys';

const file = process.argv[2];
if (!file) {
  console.error('usage: pnpm public-keys <signing keys file>  (prints the public JWK Set on stdout)');
  process.exit(2);
}
try {
  const { keys } = JSON.parse(readFileSync(file, 'utf8')) as { keys?: JWK[] };
  if (!Array.isArray(keys) || keys.length === 0) throw new Error('not a JWK Set with keys');
  console.log(JSON.stringify(publicKeySetOf(keys), null, 2));
} catch (err) {
  console.error(`${file}: ${(err as Error).message}`);
  process.exit(1);
}
