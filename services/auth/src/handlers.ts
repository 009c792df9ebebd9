import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { Issued } from '@gatehouse/token';
import type { EndedSessionStreams } from './ended-sessions-stream';
import type { HandlerSessions } from './login/handler-sessions';
import type { OAuth2Login } from './login/oauth2-login';
import type { Sessions } from './login/sessions';
import type { ProviderRegistry } from './providers/registry';

export interface AuthHandlerDeps {
  providers: ProviderRegistry;
  login: OAuth2Login;
  sessions: Sessions;
  handlerSessions: HandlerSessions;
  /** Custom login handler names, listed after the OAuth2 providers. */
  handlerNames: string[];
  endedSessions: EndedSessionStreams;
  log: Logger;
}

function issued(i: Issued): auth.IssuedToken {
  return { token: i.token, jti: i.jti, maxAgeSeconds: i.maxAgeSeconds };
}

/** gRPC adapter of the auth service: requests in, plain domain calls, responses out. */
export function authHandlers({
  providers,
  login,
  sessions,
  handlerSessions,
  handlerNames,
  endedSessions,
  log,
}: AuthHandlerDeps): auth.AuthServiceHandlers {
  return {
    ListProviders: unaryHandler(log, async () => ({ names: [...providers.names(), ...handlerNames] })),

    BeginLogin: unaryHandler(log, async (req: auth.BeginLoginRequest__Output) => {
      const started = await login.begin(providers.get(req.provider), {
        site: req.site,
        from: req.from,
        sessionOnly: req.sessionOnly,
        noAvatar: req.noAvatar,
      });
      return { redirectUrl: started.redirectUrl, handshake: issued(started.handshake) };
    }),

    CompleteLogin: unaryHandler(log, async (req: auth.CompleteLoginRequest__Output) => {
      const params = Object.fromEntries(req.params.map((p) => [p.name, p.value]));
      const done = await login.complete(providers.get(req.provider), req.handshakeToken, params);
      return {
        session: issued(done.session),
        userJson: JSON.stringify(done.session.claims.user),
        redirectUrl: done.redirectUrl ?? '',
      };
    }),

    IssueSession: unaryHandler(log, async (req: auth.IssueSessionRequest__Output) => {
      const session = await handlerSessions.issue(req);
      return { session: issued(session), userJson: JSON.stringify(session.claims.user) };
    }),

    RefreshToken: unaryHandler(log, async (req: auth.RefreshTokenRequest__Output) => ({
      session: issued(await sessions.refresh(req.token)),
    })),

    // Ends the session (no refresh after it). OAuth2 providers have nothing to revoke on their side;
    // the gateway clears the cookies. An empty provider is the provider-independent /auth/logout.
    Logout: unaryHandler(log, async (req: auth.LogoutRequest__Output) => {
      if (req.provider && !handlerNames.includes(req.provider)) providers.get(req.provider);
      await sessions.end(req.token);
      return {};
    }),

    WatchEndedSessions: endedSessions.handler,
  };
}
