// The transport floor's far end: a process serving payment.v1.PaymentService/LoadCard with a constant
// succeeded answer through plain grpc-js (no access check, no database, no domain), so `pnpm bench
// payment` can measure what one HTTP request and one gRPC call between processes cost on this machine.

import { loadProto } from '@gatehouse/proto';
import * as grpc from '@grpc/grpc-js';

const { grpcObject } = loadProto('payment');
const server = new grpc.Server();
const answer = { status: 'LOAD_STATUS_SUCCEEDED', errors: [], loadId: '1', balanceCents: '100', replayed: false };
server.addService(grpcObject.payment.v1.PaymentService.service, {
  LoadCard: (_call: unknown, callback: grpc.sendUnaryData<typeof answer>) => callback(null, answer),
});
server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) throw err;
  process.send?.({ port });
});
process.on('SIGTERM', () => server.tryShutdown(() => process.exit(0)));
