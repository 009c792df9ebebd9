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

/** A link's binding and the audience of the session it was started from (the handshake's audience). */
export interface LinkStart extends LinkBinding {
  aud: string;
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

  /**
   * The binding for a link started by `sessionToken`: a live session of the auth service's own signing
   * whose login is fresh. Its audience is the handshake's, so the handshake is signed with the auth
   * service's key too (a site's audience would sign it with a secret the site holds).
   */
  async begin(sessionToken: string): Promise<LinkStart> {
    const claims = await this.session(sessionToken);
    const now = (this.deps.now ?? Date.now)();
    if (!claims.auth_time || now - claims.auth_time * 1000 > FRESH_LOGIN_MS) throw directoryErrors.freshLoginRequired();
    return { user: claims.user, jti: claims.jti, aud: claims.aud };
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

  /**
   * The session a link is made for. Only a token the auth service signed with its own key: with
   * AUTH_SECRETS_FILE a site's application holds its audience's secret and could sign a "session" of any
   * user (issue 43), which the gateway's own routes refuse and so must linking.
   */
  private async session(token: string): Promise<{ user: string; jti: string; aud: string; auth_time?: number }> {
    if (!token) throw directoryErrors.linkRefused();
    let verified: Awaited<ReturnType<TokenService['verify']>>;
    try {
      verified = await this.deps.tokens.verify(token);
    } catch {
      throw directoryErrors.linkRefused();
    }
    const { claims, expired, signer } = verified;
    if (signer !== 'auth' || expired || claims.handshake || !claims.user?.id || !claims.jti) {
      throw directoryErrors.linkRefused();
    }
    if (await this.deps.revocations.isRevoked(claims.jti)) throw directoryErrors.linkRefused();
    return { user: claims.user.id, jti: claims.jti, aud: claims.aud ?? '', auth_time: claims.auth_time };
  }
}
