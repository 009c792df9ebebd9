// Makes the internal-authentication key pairs (one per caller identity) in a folder, keeping those that
// exist: `pnpm internal-keys <dir> [extra-identity ...]`. Compose's init container runs it into a
// volume; an application's custom login handler or hooks server gets an identity named after it.
import { ensureInternalKeys, INTERNAL_IDENTITIES } from '../packages/grpc-kit/src/internal-auth';

const [dir, ...extra] = process.argv.slice(2);
if (!dir) {
  console.error('usage: internal-keys <dir> [extra-identity ...]');
  process.exit(2);
}
ensureInternalKeys(dir, [...INTERNAL_IDENTITIES, ...extra]).then(
  () => console.log(`internal keys ready in ${dir}`),
  (err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  },
);
