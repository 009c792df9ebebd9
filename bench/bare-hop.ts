// The transport floor's near end: a bare Koa process that, for each POST, reads the JSON body and
// makes one unary LoadCard call through plain grpc-js to bench/bare-grpc.ts, then answers what the
// gateway answers a succeeded load. No cookie, XSRF or token check and no middleware: the least an HTTP
// gateway in front of a gRPC service does per load. `pnpm bench payment` sets it beside the SQL floor.

import { loadProto, type payment } from '@gatehouse/proto';
import * as grpc from '@grpc/grpc-js';
import Koa from 'koa';

const port = Number(process.argv[2] ?? 0);
const target = process.argv[3] ?? '';
const { grpcObject } = loadProto('payment');
const client = new grpcObject.payment.v1.PaymentService(target, grpc.credentials.createInsecure());
const app = new Koa();
app.use(async (ctx) => {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { nonce: string; amount: string };
  const answer = await new Promise<payment.LoadCardResponse__Output>((resolve, reject) =>
    client.loadCard(
      { ownerId: 'bench', cardId: '1', nonce: body.nonce, amountCents: '100' },
      { deadline: Date.now() + 30_000 },
      (err, res) => (err || !res ? reject(err) : resolve(res)),
    ),
  );
  ctx.body = answer.status === 'LOAD_STATUS_SUCCEEDED' ? { status: 'ok', errors: [] } : { status: 'error' };
});
const server = app.listen(port, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
