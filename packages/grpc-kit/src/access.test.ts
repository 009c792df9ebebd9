import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { startGrpcServer } from './server';

it('refuses to listen beyond loopback without internal authentication', async () => {
  const { definition, grpcObject } = loadProto('payment');
  await expect(
    startGrpcServer({
      name: 'exposed',
      host: '0.0.0.0',
      port: 0,
      services: [{ definition: grpcObject.payment.v1.PaymentService.service, implementation: {} }],
      definitions: [definition],
      log: createLogger({ name: 'test', level: 'silent' }),
    }),
  ).rejects.toThrow(/INTERNAL_KEYS_DIR/);
});
