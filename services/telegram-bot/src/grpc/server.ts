import { type AccessRules, type InternalAuth, type RunningGrpcServer, startGrpcServer } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import { loadProto } from '@gatehouse/proto';
import { type HandlerDeps, loginHandlers, telegramHandlers } from './handlers';

export interface TelegramServerDeps extends HandlerDeps {
  host: string;
  port: number;
  log: Logger;
  checkDependencies?: () => Promise<boolean>;
  metrics?: Metrics;
  internalAuth?: InternalAuth;
  /** The login provider name it serves (TELEGRAM_PROVIDER_NAME): the gateway addresses it by that name. */
  providerName?: string;
}

/** The gateway runs the login; operators may inspect login requests. */
export const TELEGRAM_ACCESS: AccessRules = {
  'login.v1.LoginHandler': {
    Login: ['gateway'],
    Callback: ['gateway'],
    Logout: ['gateway'],
  },
  'telegram.v1.TelegramBotService': {
    CreateLoginRequest: ['gateway', 'operator'],
    CheckLoginRequest: ['gateway', 'operator'],
  },
};

/** The gRPC server: telegram.v1.TelegramBotService and login.v1.LoginHandler, with health and reflection. */
export function startTelegramServer(o: TelegramServerDeps): Promise<RunningGrpcServer> {
  const tg = loadProto('telegram');
  const lh = loadProto('login');
  return startGrpcServer({
    name: 'telegram-bot',
    host: o.host,
    port: o.port,
    log: o.log,
    definitions: [tg.definition, lh.definition],
    services: [
      { definition: tg.grpcObject.telegram.v1.TelegramBotService.service, implementation: telegramHandlers(o) },
      { definition: lh.grpcObject.login.v1.LoginHandler.service, implementation: loginHandlers(o) },
    ],
    checkDependencies: o.checkDependencies,
    metrics: o.metrics,
    access: o.internalAuth && {
      auth: o.internalAuth,
      audience: ['telegram-bot', o.providerName ?? 'telegram'],
      rules: TELEGRAM_ACCESS,
    },
  });
}
