// The whole stack (auth, avatar, payment, gateway) on a test database of its own, the payment service
// with the development processor as `pnpm start` runs it: what the card-loading tests start.
import { createLedgerDatabase as createTestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';

export interface DevProcessorStack {
  stack: Stack;
  /** Stops the processes and drops the database. */
  stop(): Promise<void>;
}

/** `env` adds to or overrides the stack's settings (LOG_LEVEL, limits, span export, ...). */
export async function startDevProcessorStack(env: Record<string, string> = {}): Promise<DevProcessorStack> {
  const db = await createTestDatabase();
  try {
    const stack = await startStack({
      services: ['auth', 'avatar', 'payment', 'gateway'],
      env: {
        DATABASE_URL: db.url,
        PAYMENT_DEV_PROCESSOR: 'true',
        PAYMENT_DEV_PROCESSOR_PORT: '0', // the default is 8086; tests never take it
        ...env,
      },
    });
    return {
      stack,
      async stop() {
        await stack.stop();
        await db.drop();
      },
    };
  } catch (err) {
    await db.drop();
    throw err;
  }
}
