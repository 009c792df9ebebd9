import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { passkeyErrors } from '../errors';
import type { PasskeyLogin, PasskeySummary, PasskeyUser } from '../login/passkey-login';
import type { LoginFinisher } from '../sessions/finish-login';

type PasskeyHandlers = Pick<
  auth.AuthServiceHandlers,
  | 'PasskeyRegistrationOptions'
  | 'RegisterPasskey'
  | 'ListPasskeys'
  | 'RemovePasskey'
  | 'PasskeyLoginOptions'
  | 'PasskeyLogin'
>;

function info(p: PasskeySummary): auth.PasskeyInfo {
  return {
    id: p.id,
    transports: p.transports,
    createdUnixMs: p.createdAt.getTime(),
    lastUsedUnixMs: p.lastUsedAt?.getTime() ?? 0,
  };
}

/** The gateway always sends the session's user; an empty one is a caller's bug, refused as such. */
function userOf(req: { user?: auth.PasskeyUser__Output | null }): PasskeyUser {
  const u = req.user;
  if (!u?.id || !u.name) throw passkeyErrors.badResponse('user is required');
  return { id: u.id, name: u.name, picture: u.picture };
}

/** gRPC adapter of the passkey RPCs; `passkeys` undefined (no DATABASE_URL) answers every call "disabled". */
export function passkeyHandlers(
  passkeys: PasskeyLogin | undefined,
  log: Logger,
  finisher: LoginFinisher,
): PasskeyHandlers {
  const on = () => {
    if (!passkeys) throw passkeyErrors.disabled();
    return passkeys;
  };
  return {
    PasskeyRegistrationOptions: unaryHandler(log, async (req: auth.PasskeyUserRequest__Output) => ({
      optionsJson: JSON.stringify(await on().registrationOptions(userOf(req))),
      retryAfterSeconds: 0,
    })),
    RegisterPasskey: unaryHandler(log, async (req: auth.RegisterPasskeyRequest__Output) =>
      info(await on().register(userOf(req), req.responseJson)),
    ),
    ListPasskeys: unaryHandler(log, async (req: auth.PasskeyUserRequest__Output) => ({
      passkeys: (await on().list(userOf(req).id)).map(info),
    })),
    RemovePasskey: unaryHandler(log, async (req: auth.RemovePasskeyRequest__Output) => {
      await on().remove(userOf(req).id, req.id);
      return {};
    }),
    PasskeyLoginOptions: unaryHandler(log, async (req: auth.PasskeyLoginOptionsRequest__Output) => {
      const answer = await on().loginOptions(req.clientIp);
      return 'options' in answer
        ? { optionsJson: JSON.stringify(answer.options), retryAfterSeconds: 0 }
        : { optionsJson: '', retryAfterSeconds: answer.retryAfterSeconds };
    }),
    PasskeyLogin: unaryHandler(log, async (req: auth.PasskeyLoginRequest__Output) => {
      const done = await on().login({
        responseJson: req.responseJson,
        clientIp: req.clientIp,
        site: req.site,
        sessionOnly: req.sessionOnly,
      });
      if (!done.ok) return { userJson: '', retryAfterSeconds: done.retryAfterSeconds };
      const { session } = await finisher.finish({ session: done.session, client: req.client, how: 'passkey' });
      return {
        session: { token: session.token, jti: session.jti, maxAgeSeconds: session.maxAgeSeconds },
        userJson: JSON.stringify(session.claims.user),
        retryAfterSeconds: 0,
      };
    }),
  };
}
