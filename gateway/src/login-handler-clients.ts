import { type ClientHandle, createClient, type InternalAuth } from '@gatehouse/grpc-kit';
import type { Metrics } from '@gatehouse/metrics';
import { loadProto, type login } from '@gatehouse/proto';
import type { GatewayConfig } from './config';

/**
 * One client per login handler the gateway routes to: the custom ones at their own addresses (each
 * named by its provider in the caller token), and the built-in direct and verified providers, which
 * the auth service's own LoginHandler serves.
 */
export function openLoginHandlerClients(
  config: GatewayConfig,
  credential: (audience: string) => { auth: InternalAuth; audience: string } | undefined,
  metrics: Metrics | undefined,
): (readonly [string, ClientHandle<login.LoginHandlerClient>])[] {
  const LoginHandler = loadProto('login').grpcObject.login.v1.LoginHandler;
  const targets: [name: string, address: string, audience: string][] = [
    ...Object.entries(config.token.loginHandlers).map(([name, address]): [string, string, string] => [
      name,
      address,
      name,
    ]),
    ...config.builtInLogins.map((name): [string, string, string] => [name, config.addresses.auth, 'auth']),
  ];
  return targets.map(
    ([name, address, audience]) =>
      [
        name,
        createClient<login.LoginHandlerClient>(LoginHandler, address, { credential: credential(audience), metrics }),
      ] as const,
  );
}
