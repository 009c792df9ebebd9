import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { probeGrpc, probeHttp, servingStatus } from './health-probe';
import { type RunningGrpcServer, startGrpcServer } from './server';

const log = createLogger({ name: 'test', level: 'silent' });

describe('the container health probe against a real grpc-kit server', () => {
  let dependenciesUp = false;
  let server: RunningGrpcServer;

  beforeAll(async () => {
    const { definition, grpcObject } = loadProto('payment');
    server = await startGrpcServer({
      name: 'probed',
      host: '127.0.0.1',
      port: 0,
      services: [{ definition: grpcObject.payment.v1.PaymentService.service, implementation: {} }],
      definitions: [definition],
      log,
      checkDependencies: async () => dependenciesUp,
      healthIntervalMs: 50,
    });
  });
  afterAll(() => server.shutdown(100));

  it('fails while the server reports NOT_SERVING, passes once it is SERVING', async () => {
    expect(await probeGrpc(`127.0.0.1:${server.port}`)).toBe(false);
    dependenciesUp = true;
    await new Promise((r) => setTimeout(r, 150));
    expect(await probeGrpc(`127.0.0.1:${server.port}`)).toBe(true);
  });

  it('fails at once on a port where nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    const started = Date.now();
    expect(await probeGrpc(`127.0.0.1:${port}`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('fails by its deadline on a server that never answers', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    try {
      expect(await probeGrpc(`127.0.0.1:${port}`, 200)).toBe(false);
      expect(await probeHttp(`http://127.0.0.1:${port}/health/ready`, 200)).toBe(false);
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });
});

describe('the probe over HTTP (the gateway readiness)', () => {
  it('passes on 2xx only', async () => {
    let status = 503;
    const server = http.createServer((_req, res) => res.writeHead(status).end('{}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health/ready`;
    try {
      expect(await probeHttp(url)).toBe(false);
      status = 200;
      expect(await probeHttp(url)).toBe(true);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('reading a HealthCheckResponse', () => {
  it('reads SERVING, NOT_SERVING and the omitted UNKNOWN', () => {
    expect(servingStatus(Buffer.from([0, 0, 0, 0, 2, 0x08, 1]))).toBe(1);
    expect(servingStatus(Buffer.from([0, 0, 0, 0, 2, 0x08, 2]))).toBe(2);
    expect(servingStatus(Buffer.from([0, 0, 0, 0, 0]))).toBe(0);
    // Compressed or truncated frames are not a SERVING answer.
    expect(servingStatus(Buffer.from([1, 0, 0, 0, 2, 0x08, 1]))).toBe(-1);
    expect(servingStatus(Buffer.from([0, 0]))).toBe(-1);
  });
});
