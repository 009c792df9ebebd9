// Prints a caller token for a call by hand (grpcurl, buf curl), signed with one identity's key:
//   pnpm -s internal-token <audience> [identity=operator] [seconds=300, at most 600]; audience `admin`: the gateway's admin API
// then: grpcurl -plaintext -H "authorization: Bearer $(pnpm -s internal-token auth)" 127.0.0.1:50051 auth.v1.AuthService/ListProviders
import { existsSync } from 'node:fs';
import path from 'node:path';
import { environment } from '../packages/config/src/index';
import { InternalAuth } from '../packages/grpc-kit/src/internal-auth';

const [audience, identity = 'operator', seconds = '300'] = process.argv.slice(2);
if (!audience) {
  console.error('usage: internal-token <audience: auth|avatar|telegram-bot|payment|hooks|admin> [identity] [seconds]');
  process.exit(2);
}
// A folder of keys, or a root of one folder per workload (pnpm start's .data/workload-keys): then the
// identity's own folder.
const root = environment().INTERNAL_KEYS_DIR ?? path.resolve(__dirname, '..', '.data', 'workload-keys');
const own = path.join(root, identity);
const dir = existsSync(path.join(own, `${identity}.key.json`)) ? own : root;
InternalAuth.load(dir, identity)
  .then((auth) => auth.sign(audience, Number(seconds)))
  .then(
    (token) => console.log(token),
    (err: unknown) => {
      console.error(`${(err as Error).message} (keys in ${dir}; pnpm start makes them)`);
      process.exit(1);
    },
  );
