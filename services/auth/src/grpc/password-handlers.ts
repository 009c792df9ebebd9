import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { passwordErrors } from '../passwords/errors';
import type { PasswordFeature } from '../passwords/open';
import type { Caller } from '../passwords/recovery';
import type { LoginFinisher } from '../sessions/finish-login';
import { answerOf } from './handlers';
import { ended } from './session-handlers';

/** The gateway always sends the caller's session; an empty one is a caller's bug, refused as such. */
function callerOf(req: { caller?: auth.PasswordCaller__Output | null }): Caller {
  const c = req.caller;
  if (!c?.userId || !c.sessionJti) throw passwordErrors.badInput('caller is required');
  return { userId: c.userId, jti: c.sessionJti, clientIp: c.client?.ip ?? '' };
}

const client = (c: auth.ClientInfo__Output | null | undefined) => ({
  clientIp: c?.ip ?? '',
  userAgent: c?.userAgent ?? '',
});

/** Aborted when the call is cancelled: its client went away, or its deadline passed. */
function cancelledSignal(call: { once(event: 'cancelled', listener: () => void): unknown }): AbortSignal {
  const gone = new AbortController();
  call.once('cancelled', () => gone.abort());
  return gone.signal;
}

/** gRPC adapter of auth.v1.PasswordService; `passwords` undefined (no database) answers "disabled". */
export function passwordHandlers(
  passwords: PasswordFeature | undefined,
  finisher: LoginFinisher,
  log: Logger,
): auth.PasswordServiceHandlers {
  const on = () => {
    if (!passwords) throw passwordErrors.disabled();
    return passwords;
  };
  return {
    Signup: unaryHandler(log, async (req: auth.PasswordSignupRequest__Output) => {
      const done = await on().accounts.signup({ ...req, ...client(req.client) });
      return { retryAfterSeconds: done.retryAfter };
    }),
    Verify: unaryHandler(log, async (req: auth.PasswordTokenRequest__Output) => {
      const done = await on().accounts.verify(req.token);
      return { emailChanged: done.emailChanged };
    }),
    Login: unaryHandler(log, async (req: auth.PasswordLoginRequest__Output, call) => {
      const done = await on().accounts.login({ ...req, ...client(req.client) }, cancelledSignal(call));
      if ('retryAfter' in done) return { userJson: '', retryAfterSeconds: done.retryAfter };
      const finished = await finisher.finish({
        session: done.session,
        client: req.client,
        how: 'password',
        redirectUrl: req.redirectUrl,
      });
      return {
        ...answerOf(finished),
        userJson: 'session' in finished ? JSON.stringify(done.session.claims.user) : '',
        retryAfterSeconds: 0,
      };
    }),
    ResetStart: unaryHandler(log, async (req: auth.PasswordResetStartRequest__Output) => {
      const done = await on().recovery.resetStart({ ...req, ...client(req.client) });
      return { retryAfterSeconds: done.retryAfter };
    }),
    ResetComplete: unaryHandler(log, async (req: auth.PasswordResetCompleteRequest__Output) => {
      const done = await on().recovery.resetComplete(req);
      return { endedSessions: done.ended.map(ended) };
    }),
    ChangePassword: unaryHandler(log, async (req: auth.ChangePasswordRequest__Output) => {
      const done = await on().recovery.change(callerOf(req), req.currentPassword, req.password);
      return { endedSessions: done.ended.map(ended) };
    }),
    AddPassword: unaryHandler(log, async (req: auth.AddPasswordRequest__Output) => {
      const done = await on().recovery.addPassword(callerOf(req), req.email, req.password);
      return { retryAfterSeconds: done.retryAfter };
    }),
    ChangeEmail: unaryHandler(log, async (req: auth.ChangeEmailRequest__Output) => {
      const done = await on().recovery.changeEmail(callerOf(req), req.email);
      return { retryAfterSeconds: done.retryAfter };
    }),
  };
}
