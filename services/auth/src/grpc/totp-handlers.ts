import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { DeviceSessions } from '../sessions/device-sessions';
import type { LoginFinisher } from '../sessions/finish-login';
import { totpErrors } from '../totp/errors';
import type { FactorInput } from '../totp/factor-check';
import type { SecondFactor } from '../totp/second-factor';
import { ended } from './session-handlers';

/** The gateway always sends the session's user; an empty one is a caller's bug, refused as such. */
function userOf(req: { user?: auth.TotpUser__Output | null }): { id: string; name: string; picture: string } {
  const u = req.user;
  if (!u?.id) throw totpErrors.badInput('user is required');
  return { id: u.id, name: u.name || u.id, picture: '' };
}

/** The caller's session: the one that stays when a change of the second factor ends the others. */
function sessionJtiOf(req: { user?: auth.TotpUser__Output | null }): string {
  const jti = req.user?.sessionJti;
  if (!jti) throw totpErrors.badInput('user.session_jti is required');
  return jti;
}

function factorOf(f: auth.TotpFactor__Output | null | undefined): FactorInput {
  return { code: f?.code || undefined, recoveryCode: f?.recoveryCode || undefined };
}

export interface TotpHandlerDeps {
  /** Undefined (no DATABASE_URL): every call answers "disabled". */
  totp: SecondFactor | undefined;
  /** Whether setup can work (AUTH_TOTP_KEY set too). */
  available: boolean;
  log: Logger;
  /** The session list: a change of the second factor ends the user's other sessions. */
  devices: DeviceSessions;
  /** Where a login the code completes ends, as every login does. */
  finisher: LoginFinisher;
}

/** gRPC adapter of auth.v1.TotpService. */
export function totpHandlers({ totp, available, log, devices, finisher }: TotpHandlerDeps): auth.TotpServiceHandlers {
  const on = () => {
    if (!totp) throw totpErrors.disabled();
    return totp;
  };
  /**
   * A second factor just turned on, or new recovery codes: a session stolen before must not live on,
   * so every session of the user but the caller's ends (revoked, and every gateway told). The codes
   * are already made and shown once: a session store that does not answer now is reported to the
   * page, which asks the user to end those sessions from the list, rather than failing the call.
   */
  const endOthers = async (userId: string, jti: string) => {
    try {
      return { endedSessions: (await devices.endOthers({ userId, jti })).map(ended), otherSessionsNotEnded: false };
    } catch (err) {
      log.warn({ err }, 'other sessions not ended after a change of the second factor');
      return { endedSessions: [], otherSessionsNotEnded: true };
    }
  };
  return {
    GetTotpStatus: unaryHandler(log, async (req: auth.TotpUserRequest__Output) => {
      const user = userOf(req);
      if (!totp) return { enabled: false, recoveryCodesLeft: 0, available: false };
      const status = await totp.status(user.id);
      return { enabled: status.active, recoveryCodesLeft: status.recoveryCodesLeft, available };
    }),
    SetupTotp: unaryHandler(log, async (req: auth.TotpUserRequest__Output) => on().setup(userOf(req))),
    ActivateTotp: unaryHandler(log, async (req: auth.ActivateTotpRequest__Output) => {
      const { id } = userOf(req);
      const jti = sessionJtiOf(req);
      const done = await on().activate(id, req.code);
      if ('limited' in done) return { recoveryCodes: [], retryAfterSeconds: done.retryAfterSeconds };
      return { recoveryCodes: done.recoveryCodes, retryAfterSeconds: 0, ...(await endOthers(id, jti)) };
    }),
    DisableTotp: unaryHandler(log, async (req: auth.TotpFactorRequest__Output) => {
      const limited = await on().disable(userOf(req).id, factorOf(req.factor));
      return { retryAfterSeconds: limited?.retryAfterSeconds ?? 0 };
    }),
    RegenerateRecoveryCodes: unaryHandler(log, async (req: auth.TotpFactorRequest__Output) => {
      const { id } = userOf(req);
      const jti = sessionJtiOf(req);
      const done = await on().regenerateRecoveryCodes(id, factorOf(req.factor));
      if ('limited' in done) return { recoveryCodes: [], retryAfterSeconds: done.retryAfterSeconds };
      return { recoveryCodes: done.recoveryCodes, retryAfterSeconds: 0, ...(await endOthers(id, jti)) };
    }),
    VerifyTotp: unaryHandler(log, async (req: auth.VerifyTotpRequest__Output) => {
      const done = await on().verify(req.pendingId, factorOf(req.factor));
      if ('limited' in done) return { userJson: '', redirectUrl: '', retryAfterSeconds: done.retryAfterSeconds };
      const how = done.factor === 'code' ? 'totp' : 'recovery_code';
      const { session } = await finisher.finish({ session: done.session, client: req.client, how });
      return {
        session: { token: session.token, jti: session.jti, maxAgeSeconds: session.maxAgeSeconds },
        userJson: JSON.stringify(session.claims.user),
        redirectUrl: done.redirectUrl,
        retryAfterSeconds: 0,
      };
    }),
  };
}
