// Container health check: exits 0 when the gRPC server at the given address reports SERVING.
// Usage: node --import tsx scripts/grpc-health.ts 127.0.0.1:50051
import { checkHealth } from '../packages/grpc-kit/src/health-client';

const address = process.argv[2] ?? '127.0.0.1:50051';
checkHealth(address, '', 2000).then((status) => {
  console.log(`${address}: ${status}`);
  process.exit(status === 'SERVING' ? 0 : 1);
});
