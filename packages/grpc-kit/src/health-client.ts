import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { channelTarget } from './channel';

type HealthClient = grpc.Client & {
  check(
    req: { service: string },
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: { status: string }) => void,
  ): void;
};

let HealthCtor: (new (address: string, creds: grpc.ChannelCredentials) => HealthClient) | undefined;

/**
 * Asks a server's grpc.health.v1 Check for `service` ('' = the whole server); resolves the status name
 * (SERVING, NOT_SERVING, ...) or UNREACHABLE when no answer came before the deadline.
 */
export async function checkHealth(address: string, service = '', deadlineMs = 1000): Promise<string> {
  if (!HealthCtor) {
    const def = protoLoader.loadSync(healthProtoPath, { enums: String });
    const loaded = grpc.loadPackageDefinition(def) as unknown as {
      grpc: { health: { v1: { Health: typeof HealthCtor } } };
    };
    HealthCtor = loaded.grpc.health.v1.Health;
  }
  const client = new (HealthCtor as NonNullable<typeof HealthCtor>)(
    channelTarget(address),
    grpc.credentials.createInsecure(),
  );
  try {
    return await new Promise<string>((resolve) =>
      client.check({ service }, { deadline: Date.now() + deadlineMs }, (err, res) =>
        resolve(err ? 'UNREACHABLE' : (res?.status ?? 'UNKNOWN')),
      ),
    );
  } finally {
    client.close();
  }
}
