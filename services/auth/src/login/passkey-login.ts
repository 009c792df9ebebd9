import { createHash } from 'node:crypto';
import { AppError } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { type Issued, providerOfUserId, type TokenService } from '@gatehouse/token';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { directoryErrors, loginErrors, passkeyErrors } from '../errors';
import type { Challenges } from '../stores/challenges';
import { type PasswordLimits, passwordAttemptKeys, type RateLimiter } from '../stores/limits';
import type { PasskeyStore, StoredPasskey } from '../stores/passkeys';

/** The provider name passkey sessions carry (auth_provider.name); the gateway must list it. */
export const PASSKEY_PROVIDER = 'passkey';

/** How long a browser has to answer a challenge; WebAuthn's own prompt timeout is set to the same. */
export const CHALLENGE_TTL_MS = 2 * 60_000;
/** A user may hold this many passkeys; registering more is refused. */
export const MAX_PASSKEYS_PER_USER = 20;
/** Longest WebAuthn response accepted (attestations are a few kB). */
const MAX_RESPONSE_CHARS = 64 * 1024;

/** The user a session carries, as the gateway read it from the caller's verified token. */
export interface PasskeyUser {
  id: string;
  name: string;
  picture: string;
}

export interface PasskeySummary {
  id: string;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type LoginOutcome = { ok: true; session: Issued; user: PasskeyUser } | { ok: false; retryAfterSeconds: number };

export interface PasskeyLoginDeps {
  /** Whether a provider is configured: a passkey logs in only while its account's provider does. */
  providerAllowed: (name: string) => boolean;
  /** AUTH_URL: the relying party id is its host name, the only origin accepted is its origin. */
  baseUrl: string;
  /** The name authenticators show next to the credential. */
  rpName: string;
  store: PasskeyStore;
  challenges: Challenges;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Direct login's limits (AUTH_LIMIT_DIRECT_*), counted per credential instead of per user name. */
  limits: PasswordLimits;
  log: Logger;
}

/** The WebAuthn user handle: a digest of the user id, so it is fixed-size and reveals nothing. */
const userHandle = (userId: string) => createHash('sha256').update(userId).digest();

/** The challenge a response answers, from its clientDataJSON, without trusting anything else yet. */
function answeredChallenge(clientDataJSON: unknown): string {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > MAX_RESPONSE_CHARS) return '';
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

function parseResponse<T>(json: string): T & { id: string; response: Record<string, unknown> } {
  if (json.length > MAX_RESPONSE_CHARS) throw passkeyErrors.badResponse('response is too large');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw passkeyErrors.badResponse('response is not JSON');
  }
  const r = parsed as { id?: unknown; response?: unknown };
  if (!r || typeof r !== 'object' || typeof r.id !== 'string' || !r.id || r.id.length > 1024) {
    throw passkeyErrors.badResponse('response has no credential id');
  }
  if (!r.response || typeof r.response !== 'object') throw passkeyErrors.badResponse('response is incomplete');
  return parsed as T & { id: string; response: Record<string, unknown> };
}

const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1024}$/;

const summary = (p: StoredPasskey): PasskeySummary => ({
  id: p.id,
  transports: p.transports,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
});

/**
 * Passkeys (WebAuthn) as a login: a logged-in user registers credentials; anyone then logs in with one
 * (discoverable credentials: no user name first) and gets a session for the user that registered it.
 * Challenges are random, single-use and short-lived; user verification is required; the signature
 * counter must move forward and is recorded with the login.
 */
export class PasskeyLogin {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(private readonly deps: PasskeyLoginDeps) {
    const url = new URL(deps.baseUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  async registrationOptions(user: PasskeyUser): Promise<unknown> {
    const existing = await this.deps.store.list(user.id);
    if (existing.length >= MAX_PASSKEYS_PER_USER) throw passkeyErrors.tooMany(MAX_PASSKEYS_PER_USER);
    const options = await generateRegistrationOptions({
      rpName: this.deps.rpName,
      rpID: this.rpId,
      userName: user.name,
      userID: userHandle(user.id),
      userDisplayName: user.name,
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      // The same authenticator twice would only be a second name for one key.
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.deps.challenges.put(
      options.challenge,
      JSON.stringify({ kind: 'register', userId: user.id }),
      CHALLENGE_TTL_MS,
    );
    return options;
  }

  async register(user: PasskeyUser, responseJson: string): Promise<PasskeySummary> {
    const response = parseResponse<RegistrationResponseJSON>(responseJson);
    const pending = await this.takeChallenge(response.response.clientDataJSON);
    if (pending?.kind !== 'register' || pending.userId !== user.id) throw passkeyErrors.challengeRefused();
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: answeredChallenge(response.response.clientDataJSON),
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
      });
    } catch (err) {
      throw passkeyErrors.refused((err as Error).message);
    }
    if (!verified.verified) throw passkeyErrors.refused('registration not verified');
    const { credential } = verified.registrationInfo;
    const added = await this.deps.store.add({
      id: credential.id,
      userId: user.id,
      userJson: JSON.stringify({ name: user.name, id: user.id, picture: user.picture }),
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    if (!added) throw passkeyErrors.alreadyRegistered();
    const stored = await this.deps.store.find(credential.id);
    if (!stored) throw passkeyErrors.notFound();
    return summary(stored);
  }

  async list(userId: string): Promise<PasskeySummary[]> {
    return (await this.deps.store.list(userId)).map(summary);
  }

  async remove(userId: string, id: string): Promise<void> {
    // A credential id as registration accepts it (base64url, at most 1024 characters), so nothing else
    // reaches the store.
    if (!CREDENTIAL_ID.test(id)) throw passkeyErrors.badResponse('id is not a passkey id');
    const removed = await this.deps.store.remove(userId, id, this.deps.providerAllowed);
    if (removed === 'last') throw directoryErrors.lastLoginMethod();
    if (!removed) throw passkeyErrors.notFound();
  }

  /** Options for a discoverable-credential login: no allow list, so any passkey of this site answers. */
  async loginOptions(clientIp: string): Promise<{ options: unknown } | { retryAfterSeconds: number }> {
    const verdict = await this.deps.limiter.hit(`passkey:options:ip:${clientIp}`, this.deps.limits.perIp);
    if (!verdict.allowed) return { retryAfterSeconds: verdict.retryAfterSeconds };
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: CHALLENGE_TTL_MS,
      userVerification: 'required',
    });
    await this.deps.challenges.put(options.challenge, JSON.stringify({ kind: 'login' }), CHALLENGE_TTL_MS);
    return { options };
  }

  async login(input: {
    responseJson: string;
    clientIp: string;
    site: string;
    sessionOnly: boolean;
  }): Promise<LoginOutcome> {
    const response = parseResponse<AuthenticationResponseJSON>(input.responseJson);
    // Counted per credential and address as direct login counts per user and address.
    const keys = passwordAttemptKeys('passkey', response.id, input.clientIp, this.deps.limits);
    for (const [key, limit] of keys.hits) {
      const verdict = await this.deps.limiter.hit(key, limit);
      if (!verdict.allowed) {
        this.deps.log.warn({ provider: PASSKEY_PROVIDER }, 'passkey login limit reached');
        return { ok: false, retryAfterSeconds: verdict.retryAfterSeconds };
      }
    }
    const pending = await this.takeChallenge(response.response.clientDataJSON);
    if (pending?.kind !== 'login') throw passkeyErrors.challengeRefused();
    // A removed passkey is simply not found: the same refusal as an unknown one.
    const stored = await this.deps.store.find(response.id);
    if (!stored) throw passkeyErrors.refused('passkey is not registered');
    const handle = response.response.userHandle;
    if (typeof handle === 'string' && handle !== userHandle(stored.userId).toString('base64url')) {
      throw passkeyErrors.refused('passkey belongs to another user');
    }
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: answeredChallenge(response.response.clientDataJSON),
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: stored.id,
          publicKey: new Uint8Array(stored.publicKey),
          counter: stored.counter,
          transports: stored.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      });
    } catch (err) {
      throw passkeyErrors.refused((err as Error).message);
    }
    if (!verified.verified) throw passkeyErrors.refused('login not verified');
    // The account came from a provider (`dev_...`): with that provider removed, its passkeys end too.
    const accountProvider = providerOfUserId(stored.userId) ?? stored.userId.split('_')[0] ?? '';
    if (!this.deps.providerAllowed(accountProvider)) throw passkeyErrors.providerGone(accountProvider);
    const newCounter = verified.authenticationInfo.newCounter;
    if (!(await this.deps.store.recordUse(stored.id, stored.counter, newCounter))) {
      throw passkeyErrors.refused('passkey was used or removed meanwhile');
    }
    await this.deps.limiter.reset(keys.reset);
    const user = JSON.parse(stored.userJson) as PasskeyUser;
    try {
      const session = await this.deps.tokens.issueSession({
        user,
        aud: input.site || this.deps.tokens.defaultAudience(),
        provider: PASSKEY_PROVIDER,
        sessionOnly: input.sessionOnly,
        // A passkey belongs to a user (the registering session's id), not to a provider identity.
        subject: { kind: 'user' },
      });
      return { ok: true, session, user };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw loginErrors.audienceRefused((err as Error).message);
    }
  }

  private async takeChallenge(clientDataJSON: unknown): Promise<{ kind?: string; userId?: string } | undefined> {
    const challenge = answeredChallenge(clientDataJSON);
    if (!challenge || challenge.length > 256) return undefined;
    const value = await this.deps.challenges.take(challenge);
    return value === undefined ? undefined : (JSON.parse(value) as { kind?: string; userId?: string });
  }
}
