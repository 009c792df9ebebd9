// `pnpm bench`: every benchmark, each comparing Gatehouse with a baseline measured in the same run.
import { runAuthBench } from './auth-user';

async function main(): Promise<void> {
  console.log('== authenticated GET /auth/user through the gateway vs bare Koa');
  const auth = await runAuthBench();
  if (auth.gatewayErrors > 0) throw new Error(`${auth.gatewayErrors} gateway requests failed during the run`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
