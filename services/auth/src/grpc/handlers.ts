import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { Issued, SigningKeySet } from '@gatehouse/token';
import type { Linking } from '../directory/linking';
import { directoryErrors, loginErrors } from '../errors';
import type { HandlerSessions } from '../login/handler-sessions';
import type { OAuth2Login } from '../login/oauth2-login';
import type { ProviderRegistry } from '../providers/registry';
import type { FinishedLogin, LoginFinisher } from '../sessions/finish-login';
import type { Sessions } from '../sessions/sessions';
import type { EndedSessionStreams } from './ended-sessions-stream';
import type { SessionRecorder } from './metrics';

export interface AuthHandlerDeps {
  providers: ProviderRegistry;
  login: OAuth2Login;
  sessions: Sessions;
  handlerSessions: HandlerSessions;
  /** Custom login handler names, listed after the OAuth2 providers. */
  handlerNames: string[];
  endedSessions: EndedSessionStreams;
  /** The public keys (ES256/EdDSA); undefined with HS256. */
  jwks: SigningKeySet['jwks'] | undefined;
  log: Logger;
  /** Metrics, when on: refreshes and logouts (logins are counted by the finisher). */
  recorder?: SessionRecorder;
  /** Where every login ends: the second factor's hold, the session list, the trail, the count. */
  finisher: LoginFinisher;
  /** Linking logins to a user (the user directory); undefined without a database. */
  linking?: Linking;
}

function issued(i: Issued): auth.IssuedToken {
  return { token: i.token, jti: i.jti, maxAgeSeconds: i.maxAgeSeconds };
}

/** A finished login as the gateway is answered: the session, or the pending second factor's id. */
export function answerOf(done: FinishedLogin): { session?: auth.IssuedToken; secondFactorPending?: auth.IssuedToken } {
  if ('session' in done) return { session: issued(done.session) };
  return { secondFactorPending: { token: done.pending.id, jti: '', maxAgeSeconds: done.pending.maxAgeSeconds } };
}

/** gRPC adapter of the auth service: requests in, plain domain calls, responses out. */
export function authHandlers({
  providers,
  login,
  sessions,
  handlerSessions,
  handlerNames,
  endedSessions,
  jwks,
  log,
  recorder,
  finisher,
  linking,
}: AuthHandlerDeps): Omit<auth.AuthServiceHandlers, `${string}Passkey${string}`> {
  // The passkey RPCs are passkey-handlers.ts's.
  return {
    ListProviders: unaryHandler(log, async () => ({ names: [...providers.names(), ...handlerNames] })),

    BeginLogin: unaryHandler(log, async (req: auth.BeginLoginRequest__Output) => {
      const started = await login.begin(providers.get(req.provider), {
        site: req.site,
        from: req.from,
        sessionOnly: req.sessionOnly,
        noAvatar: req.noAvatar,
        linkSessionToken: req.linkSessionToken,
      });
      return { redirectUrl: started.redirectUrl, handshake: issued(started.handshake) };
    }),

    CompleteLogin: unaryHandler(log, async (req: auth.CompleteLoginRequest__Output) => {
      const params = Object.fromEntries(req.params.map((p) => [p.name, p.value]));
      const done = await login.complete(providers.get(req.provider), req.handshakeToken, params, req.linkSessionToken);
      // A link attached the login's identity to the session's user: no new session.
      if (!done.session) return { linked: done.linked, userJson: '', redirectUrl: done.redirectUrl ?? '' };
      const finished = await finisher.finish({
        session: done.session,
        client: req.client,
        how: 'oauth2',
        redirectUrl: done.redirectUrl ?? '',
      });
      return {
        ...answerOf(finished),
        userJson: 'session' in finished ? JSON.stringify(done.session.claims.user) : '',
        redirectUrl: done.redirectUrl ?? '',
      };
    }),

    IssueSession: unaryHandler(log, async (req: auth.IssueSessionRequest__Output) => {
      if (req.linkSessionToken) {
        if (!linking) throw directoryErrors.disabled();
        const user = handlerSessions.vouchedUser(req);
        const identity = { id: user.id, provider: req.provider, name: user.name };
        const emailVerified = handlerSessions.provesEmail(req.provider) && !!user.email;
        await linking.linkNow(req.linkSessionToken, { ...identity, email: user.email, emailVerified });
        return { linked: identity, userJson: '' };
      }
      const session = await handlerSessions.issue(req);
      const finished = await finisher.finish({
        session,
        client: req.client,
        how: 'handler',
        redirectUrl: req.redirectUrl,
      });
      return { ...answerOf(finished), userJson: 'session' in finished ? JSON.stringify(session.claims.user) : '' };
    }),

    RefreshToken: unaryHandler(log, async (req: auth.RefreshTokenRequest__Output) => {
      let refreshed: Issued;
      try {
        refreshed = await sessions.refresh(req.token);
      } catch (err) {
        recorder?.refreshed('refused');
        throw err;
      }
      recorder?.refreshed('ok');
      return { session: issued(refreshed) };
    }),

    // Ends the session (no refresh after it). OAuth2 providers have nothing to revoke on their side;
    // the gateway clears the cookies. An empty provider is the provider-independent /auth/logout.
    Logout: unaryHandler(log, async (req: auth.LogoutRequest__Output) => {
      if (req.provider && !handlerNames.includes(req.provider)) providers.get(req.provider);
      await sessions.end(req.token);
      recorder?.loggedOut();
      return {};
    }),

    WatchEndedSessions: endedSessions.handler,

    GetJwks: unaryHandler(log, async () => {
      if (!jwks) throw loginErrors.noJwks();
      return { jwksJson: JSON.stringify(jwks) };
    }),
  };
}
