// The baseline: a bare Koa app answering a small JSON body, as its own process (like the gateway).
import Koa from 'koa';

const port = Number(process.argv[2] ?? 0);
const body = { name: 'bench_user', id: 'dev_0123456789abcdef0123456789abcdef01234567', picture: '' };
const app = new Koa();
app.use((ctx) => {
  ctx.body = body;
});
const server = app.listen(port, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
