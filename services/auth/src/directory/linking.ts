import { safeEqual, type TokenService } from '@gatehouse/token';
import { directoryErrors } from '../errors';
import type { Revocations } from '../stores/revocations';
import type { Directory } from './directory';

/** A link may be started only from a session whose login is at most this old (as passkey registration). */
export const FRESH_LOGIN_MS = 5 * 60_000;

/** The session a link is bound to: it rides in the signed handshake (Handshake.link). */
export interface LinkBinding {
  user: string;
  jti: string;
}

/** The identity a finished login would have logged in with. */
export interface LinkedIdentity {
  id: string;
  provider: string;
  name: string;
  email?: string;
  emailVerified?: boolean;
}

/**
 * Linking another login to the caller's user (docs/accounts.md "Linking"): started from a fresh session,
 * finished only by that same session (the jti in the handshake), and attached by the directory instead
 * of a session being issued.
 */
export class Linking {
  constructor(
    private readonly deps: {
      tokens: TokenService;
      revocations: Revocations;
      directory: Directory;
      now?: () => number;
    },
  ) {}

  /** The binding for a link started by `sessionToken`: a live session whose login is fresh. */
  async begin(sessionToken: string): Promise<LinkBinding> {
    const claims = await this.session(sessionToken);
    const now = (this.deps.now ?? Date.now)();
    if (!claims.auth_time || now - claims.auth_time * 1000 > FRESH_LOGIN_MS) throw directoryErrors.freshLoginRequired();
    return { user: claims.user, jti: claims.jti };
  }

  /** Attaches `identity` to the binding's user, when `sessionToken` is the session that started the link. */
  async complete(binding: LinkBinding, sessionToken: string, identity: LinkedIdentity): Promise<void> {
    const claims = await this.session(sessionToken).catch(() => {
      throw directoryErrors.linkRefused();
    });
    if (!safeEqual(claims.jti, binding.jti) || claims.user !== binding.user) throw directoryErrors.linkRefused();
    await this.deps.directory.link(binding.user, identity);
  }

  /**
   * A link finished in one call (a login handler's user, IssueSession): the browser's own session must
   * be live and fresh now, and the identity is attached to its user.
   */
  async linkNow(sessionToken: string, identity: LinkedIdentity): Promise<void> {
    const binding = await this.begin(sessionToken);
    await this.deps.directory.link(binding.user, identity);
  }

  private async session(token: string): Promise<{ user: string; jti: string; auth_time?: number }> {
    if (!token) throw directoryErrors.linkRefused();
    let verified: Awaited<ReturnType<TokenService['verify']>>;
    try {
      verified = await this.deps.tokens.verify(token);
    } catch {
      throw directoryErrors.linkRefused();
    }
    const { claims, expired } = verified;
    if (expired || claims.handshake || !claims.user?.id || !claims.jti) throw directoryErrors.linkRefused();
    if (await this.deps.revocations.isRevoked(claims.jti)) throw directoryErrors.linkRefused();
    return { user: claims.user.id, jti: claims.jti, auth_time: claims.auth_time };
  }
}
