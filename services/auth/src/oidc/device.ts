import type Provider from 'oidc-provider';
import type { Client, DeviceCode } from 'oidc-provider';
import { deviceErrors, directoryErrors } from '../errors';
import type { Limit, RateLimiter } from '../stores/limits';
import type { OidcAccounts } from './accounts';
import type { OidcResource } from './config';
import { approvalRefusal, approveDevice, type DeviceAsked, denyDevice, deviceAsked } from './device-grant';
import type { DeviceState } from './device-state';
import type { BrowserSession } from './session';

/** The user codes the provider makes (provider.ts deviceFlow: charset base-20, mask ****-****). */
const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{8}$/;

/**
 * Wrong codes one session may enter, and one client address (every session behind it): 8 base-20
 * letters are ~34.5 bits, and these keep guessing far below any chance of a hit (RFC 8628 §5.1). Only
 * wrong codes count; a right one, an expired one or a used one does not.
 */
export const WRONG_CODES_PER_SESSION: Limit = { limit: 10, windowMs: 15 * 60_000 };
export const WRONG_CODES_PER_ADDRESS: Limit = { limit: 30, windowMs: 15 * 60_000 };

/** A code as its user types it: any case, with or without the dash or spaces; undefined when it cannot be one. */
export function normalizeUserCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return USER_CODE.test(code) ? code : undefined;
}

/** A device's request, as the page shows it before the user approves. */
export interface DeviceRequestView {
  /** As the device shows it: XXXX-XXXX. */
  userCode: string;
  clientId: string;
  clientName: string;
  asked: DeviceAsked;
  /** When the code expires, seconds since the epoch. */
  expiresAtS: number;
}

export interface DeviceAsk {
  /** The caller's Gatehouse session token (the gateway's cookie session): checked again here. */
  sessionToken: string;
  userCode: string;
  /** The client's address as the gateway sees it: wrong codes are limited per address too. */
  clientIp: string;
}

/** A request shown or decided, or the seconds to wait when too many wrong codes were entered. */
export type DeviceAnswer = { view: DeviceRequestView } | { retryAfterSeconds: number };

export interface DeviceApprovalsDeps {
  provider: Provider;
  state: DeviceState;
  limiter: RateLimiter;
  accounts: OidcAccounts;
  /** The session of a token, when it is a live Gatehouse session (session.ts verifyBrowserSession). */
  verifySession(token: string): Promise<BrowserSession | undefined>;
  /** Told of an approval: which Gatehouse session it came from (back-channel logout). */
  linked?: (session: BrowserSession) => Promise<void>;
  resources: () => readonly OidcResource[];
  /** The provider session's lifetime (ttl.Session). */
  sessionTtlS: number;
}

type Opened = { session: BrowserSession; code: DeviceCode; client: Client };

/**
 * The user-code page of the device authorization grant (RFC 8628), answered from the Gatehouse session:
 * the user opens a device's code (the first session to open it claims it; another session is refused),
 * sees which application asks for what, and approves (the device's tokens are the approving user's,
 * with the session's login time and factors) or denies it (the device gets access_denied). A code is
 * decided once, across replicas; an expired, used or unknown code is refused, and wrong codes are limited
 * per session and per client address.
 */
export class DeviceApprovals {
  constructor(private readonly deps: DeviceApprovalsDeps) {}

  /** The device's request, claimed for the caller's session. */
  async show(ask: DeviceAsk): Promise<DeviceAnswer> {
    const opened = await this.open(ask);
    if ('retryAfterSeconds' in opened) return opened;
    return { view: this.view(opened) };
  }

  /** Approves or denies the device's request, once, from the session that claimed it. */
  async decide(ask: DeviceAsk & { action: 'approve' | 'deny' }): Promise<DeviceAnswer> {
    const opened = await this.open(ask);
    if ('retryAfterSeconds' in opened) return opened;
    const { session, code, client } = opened;
    const asked = deviceAsked(code, this.deps.resources());
    if (ask.action === 'approve') {
      const refusal = approvalRefusal(code, client, session);
      if (refusal) throw deviceErrors.loginAgain(refusal);
    }
    if (!(await this.deps.state.decide(code.jti, session.jti, ask.action))) throw deviceErrors.used();
    if (ask.action === 'deny') {
      await denyDevice(code);
    } else {
      await approveDevice({
        provider: this.deps.provider,
        code,
        client,
        session,
        asked,
        sessionTtlS: this.deps.sessionTtlS,
      });
      await this.deps.linked?.(session);
    }
    return { view: this.view(opened) };
  }

  /** The caller's session, the live code the user typed and its client, the code claimed for the session. */
  private async open(ask: DeviceAsk): Promise<Opened | { retryAfterSeconds: number }> {
    const { deps } = this;
    const session = await deps.verifySession(ask.sessionToken);
    if (!session) throw deviceErrors.noSession();
    if (!(await deps.accounts.find(session.userId))) throw directoryErrors.blocked();
    const userCode = normalizeUserCode(ask.userCode);
    if (!userCode) throw deviceErrors.malformed();
    const counters: [string, Limit][] = [
      [`device-code:session:${session.jti}`, WRONG_CODES_PER_SESSION],
      [`device-code:ip:${ask.clientIp}`, WRONG_CODES_PER_ADDRESS],
    ];
    for (const [key, limit] of counters) {
      const verdict = await deps.limiter.peek(key, limit);
      if (!verdict.allowed) return { retryAfterSeconds: verdict.retryAfterSeconds };
    }
    const code = await deps.provider.DeviceCode.findByUserCode(userCode, { ignoreExpiration: true });
    if (!code) {
      for (const [key, limit] of counters) await deps.limiter.hit(key, limit);
      throw deviceErrors.notFound();
    }
    if (code.isExpired) throw deviceErrors.expired();
    if (code.consumed || code.error || code.accountId || code.inFlight) throw deviceErrors.used();
    const claim = await deps.state.claim(code.jti, session.jti, code.exp ?? 0);
    if (claim === 'taken') throw deviceErrors.claimed();
    if (claim === 'decided') throw deviceErrors.used();
    const client = code.clientId ? await deps.provider.Client.find(code.clientId) : undefined;
    if (!client) throw deviceErrors.notFound();
    return { session, code, client };
  }

  private view({ code, client }: Opened): DeviceRequestView {
    return {
      userCode: `${code.userCode.slice(0, 4)}-${code.userCode.slice(4)}`,
      clientId: client.clientId,
      clientName: client.clientName ?? client.clientId,
      asked: deviceAsked(code, this.deps.resources()),
      expiresAtS: code.exp ?? 0,
    };
  }
}
