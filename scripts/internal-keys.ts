// Makes the internal-authentication key pairs (one per caller identity), keeping those that exist:
//   pnpm internal-keys --per-workload <root> [extra-identity ...]   one folder per workload (deployments:
//       <root>/<name>/ holds <name>.key.json and every identity's public key; give each workload only its own)
//   pnpm internal-keys <dir> [extra-identity ...]                    every pair in one folder (an operator's tools)
// Compose's init container runs the first into one volume per workload; an application's custom login
// handler or hooks server gets an identity named after it.
import { ensureInternalKeys, ensureWorkloadKeys, INTERNAL_IDENTITIES } from '../packages/grpc-kit/src/internal-auth';

const args = process.argv.slice(2);
const perWorkload = args[0] === '--per-workload';
const [dir, ...extra] = perWorkload ? args.slice(1) : args;
if (!dir) {
  console.error('usage: internal-keys [--per-workload] <dir> [extra-identity ...]');
  process.exit(2);
}
const identities = [...INTERNAL_IDENTITIES, ...extra];
(perWorkload ? ensureWorkloadKeys(dir, identities) : ensureInternalKeys(dir, identities)).then(
  () => console.log(`internal keys ready in ${dir}${perWorkload ? ', one folder per workload' : ''}`),
  (err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  },
);
