import { createHash } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import {
  audienceAllowed,
  type Claims,
  canonicalAudience,
  HANDSHAKE_TTL_MS,
  randomToken,
  type TokenService,
  userId,
} from '@gatehouse/token';
import type { Sender } from '../senders/sender';
import type { Limit, RateLimiter } from '../stores/limits';
import type { UsedTokens } from '../stores/used-tokens';
import { answer, failure, type LoginAnswer, type LoginRequest } from './http-like';
import { allowedRedirect } from './redirect';
import { renderTemplate } from './template';

export interface VerifiedLimits {
  perAddress: Limit;
  perIp: Limit;
}

export interface VerifiedLoginDeps {
  name: string;
  template: string;
  sender: Sender;
  tokens: TokenService;
  usedTokens: UsedTokens;
  limiter: RateLimiter;
  limits: VerifiedLimits;
  baseUrl: string;
  allowedRedirectHosts: string[];
  log: Logger;
  now?: () => number;
}

/** go-pkgz trims user and address to this many characters in the template; longer is refused here. */
/** Separators and markup that make an address several recipients or a display-name form. */
const LIST_OR_MARKUP = /[\s,;<>"()[\]\\]/;

const MAX_FIELD = 128;

const clean = (text: string | undefined) => (text ?? '').replace(/[\r\n]/g, '').trim();

/**
 * go-pkgz's verify provider. Step 1 (`user`, `address`) sends a message with a
 * confirmation token; step 2 (`token`) logs in with it once. The token is a signed JWT like go-pkgz's
 * (handshake id `<user>::<address>`, 30 minutes): the link carries everything, nothing is stored when a
 * message is sent, so flooding step 1 costs no storage beyond the rate counters; at step 2 the token's
 * jti is marked used in Redis for the rest of its life, which makes it single-use.
 */
export class VerifiedLogin {
  private readonly now: () => number;

  constructor(private readonly deps: VerifiedLoginDeps) {
    this.now = deps.now ?? Date.now;
  }

  get name(): string {
    return this.deps.name;
  }

  async login(req: LoginRequest): Promise<LoginAnswer> {
    const token = req.query.token;
    return token ? this.redeem(token) : this.request(req);
  }

  private async request(req: LoginRequest): Promise<LoginAnswer> {
    const user = clean(req.query.user);
    const address = clean(req.query.address);
    if (!user || !address) return failure(400, "can't get user and address");
    if (user.length > MAX_FIELD || address.length > MAX_FIELD || user.includes('::')) {
      return failure(400, 'user or address is invalid');
    }
    // One recipient only: a sender (nodemailer) would read "a@x, b@y" as a list, turning the provider
    // into a relay that each new spelling of the list lets past the per-address limit.
    if (LIST_OR_MARKUP.test(address)) return failure(400, 'address must be a single recipient');
    const aud = (req.query.site || req.query.aud || this.deps.tokens.defaultAudience()).slice(0, 256);
    const { limiter, limits, name } = this.deps;
    for (const [per, key, limit] of [
      ['ip', `verify:${name}:ip:${req.clientIp}`, limits.perIp],
      // Hashed: Redis holds no addresses.
      [
        'address',
        `verify:${name}:address:${createHash('sha256').update(address.toLowerCase()).digest('hex')}`,
        limits.perAddress,
      ],
    ] as const) {
      const verdict = await limiter.hit(key, limit);
      if (!verdict.allowed) {
        this.deps.log.warn({ provider: name, key: per }, 'verification message limit reached');
        return {
          ...failure(429, 'too many confirmation requests', { 'retry-after': String(verdict.retryAfterSeconds) }),
          // The user the address logs in as (the link's login is userId(name, address)).
          attempt: { user: userId(name, address), limit: { per, windowMs: limit.windowMs } },
        };
      }
    }

    let token: string;
    try {
      token = await this.confirmationToken(aud, `${user}::${address}`, req.query.from ?? '');
    } catch {
      return failure(403, 'failed to make login token');
    }
    const text = renderTemplate(this.deps.template, { User: user, Address: address, Token: token, Site: aud });
    try {
      await this.deps.sender(address, text);
    } catch (err) {
      this.deps.log.error({ err, provider: name }, 'failed to send confirmation');
      return failure(500, 'failed to send confirmation');
    }
    return answer(200, { address, user });
  }

  private async redeem(token: string): Promise<LoginAnswer> {
    let claims: Claims;
    try {
      const verified = await this.deps.tokens.verify(token);
      if (verified.expired) throw new Error('expired');
      claims = verified.claims;
    } catch {
      return failure(403, 'failed to verify confirmation token');
    }
    // Only this provider's confirmation tokens: never a session, nor another provider's handshake.
    if (claims.user || claims.auth_provider?.name !== this.deps.name || !claims.handshake?.id || !claims.jti) {
      return failure(403, 'failed to verify confirmation token');
    }
    const [user, address, ...rest] = claims.handshake.id.split('::');
    if (!user || !address || rest.length > 0) return failure(400, 'invalid handshake token');

    const remainingMs = (claims.exp ?? 0) * 1000 - this.now();
    let first: boolean;
    try {
      first = await this.deps.usedTokens.markUsed(
        // By jti, never by the token's spelling: another spelling (an ECDSA signature's twin) of a used
        // link carries the same jti and is refused with it.
        `verify:${this.deps.name}:jti:${claims.jti}`,
        Math.max(60_000, remainingMs),
      );
    } catch (err) {
      this.deps.log.error({ err }, 'confirmation store unavailable');
      return failure(403, 'confirmation token store unavailable');
    }
    if (!first) return failure(403, 'confirmation token already consumed');

    const found = { name: user, id: userId(this.deps.name, address), picture: '' };
    const from = claims.handshake.from;
    const redirectUrl = allowedRedirect(from, this.deps.baseUrl, this.deps.allowedRedirectHosts);
    if (from && !redirectUrl) this.deps.log.warn({ provider: this.deps.name }, 'rejected redirect to disallowed host');
    // The address this login proved rides to IssueSession for the directory (a verified address, where
    // link notices go: issue 43); HandlerSessions keeps it out of the session's claims.
    const userJson = JSON.stringify({ ...found, email: address });
    return { ...answer(200, found), userJson, site: claims.aud, redirectUrl };
  }

  /** go-pkgz's confirmation token: handshake-shaped, no user, 30 minutes, nbf a minute back. */
  private async confirmationToken(site: string, id: string, from: string): Promise<string> {
    const aud = canonicalAudience(site);
    const audiences = this.deps.tokens.audiences;
    if (audiences.length > 0 && !audienceAllowed(aud, audiences)) throw new Error(`aud "${aud}" not allowed`);
    const nowSec = Math.floor(this.now() / 1000);
    return this.deps.tokens.signToken({
      iss: this.deps.tokens.issuer,
      aud,
      exp: nowSec + HANDSHAKE_TTL_MS / 1000,
      nbf: nowSec - 60,
      iat: nowSec,
      jti: randomToken(),
      handshake: { id, from: from.slice(0, 2048) || undefined },
      auth_provider: { name: this.deps.name },
    });
  }
}
