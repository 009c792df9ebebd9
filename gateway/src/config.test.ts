import { loadGatewayConfig } from './config';

const base = { AUTH_SECRET: 'x'.repeat(32) };

describe('gRPC addresses', () => {
  it('follow the *_GRPC_PORT settings unless *_GRPC_ADDR names one', () => {
    const config = loadGatewayConfig({
      ...base,
      AUTH_GRPC_PORT: '61051',
      AVATAR_GRPC_PORT: '61052',
      TELEGRAM_GRPC_PORT: '61053',
      PAYMENT_GRPC_ADDR: 'payment:50054',
      PAYMENT_GRPC_PORT: '61054',
    });
    expect(config.addresses).toEqual({
      auth: '127.0.0.1:61051',
      avatar: '127.0.0.1:61052',
      telegram: '127.0.0.1:61053',
      payment: 'payment:50054',
    });
  });

  it('default to 127.0.0.1:50051-50054', () => {
    expect(loadGatewayConfig(base).addresses).toEqual({
      auth: '127.0.0.1:50051',
      avatar: '127.0.0.1:50052',
      telegram: '127.0.0.1:50053',
      payment: '127.0.0.1:50054',
    });
  });
});
