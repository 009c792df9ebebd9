import { AppError, invalidArgument, permissionDenied } from '@gatehouse/errors';
import type { Issued, TokenService } from '@gatehouse/token';
import { z } from 'zod';
import { AuthErrors, loginErrors } from '../errors';
import type { AvatarSaver } from './oauth2-login';

const AVATAR_ID = /^[0-9a-f]{40}\.image$/;
const USER_ID_HEX = /^[0-9a-f]{40}$/;

/** What a login handler may say about its user; anything else in the JSON is dropped. */
const handlerUser = z.object({
  name: z.string().min(1).max(256),
  id: z.string().min(1).max(256),
  picture: z.string().max(2048).default(''),
  email: z.string().max(320).optional(),
  attrs: z.record(z.string(), z.unknown()).optional(),
});

export interface HandlerSessionsDeps {
  tokens: TokenService;
  avatars: AvatarSaver;
  /** Names of the configured login handlers (AUTH_LOGIN_HANDLERS). */
  handlers: string[];
  /**
   * The built-in verified (email-link) providers: the `email` of their users is the address the login
   * proved, recorded in the directory as verified and kept out of the session's claims.
   */
  verified?: string[];
  baseUrl: string;
  avatarRoutePath: string;
}

/** Sessions for users that custom login handlers (login.v1) vouched for; only the auth service signs. */
export class HandlerSessions {
  constructor(private readonly deps: HandlerSessionsDeps) {}

  async issue(input: { provider: string; userJson: string; site: string; sessionOnly: boolean }): Promise<Issued> {
    const vouched = this.vouchedUser(input);
    const proved = this.provesEmail(input.provider) ? vouched.email : undefined;
    const { email, ...claimed } = vouched;
    const user = proved ? claimed : vouched;
    const picture = await this.picture(user.id, user.picture);
    try {
      return await this.deps.tokens.issueSession({
        user: { ...user, picture },
        aud: input.site || this.deps.tokens.defaultAudience(),
        provider: input.provider,
        sessionOnly: input.sessionOnly,
        subject: proved ? { kind: 'identity', email, emailVerified: true } : undefined,
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw loginErrors.audienceRefused((err as Error).message);
    }
  }

  /** Whether `provider`'s users carry the address its login proved (a built-in verified provider). */
  provesEmail(provider: string): boolean {
    return this.deps.verified?.includes(provider) ?? false;
  }

  /** The user a handler vouched for, checked: a configured handler, and an id in its own namespace. */
  vouchedUser(input: { provider: string; userJson: string }): z.infer<typeof handlerUser> {
    if (!this.deps.handlers.includes(input.provider)) throw loginErrors.unknownProvider(input.provider);
    let raw: unknown;
    try {
      raw = JSON.parse(input.userJson);
    } catch {
      throw invalidArgument(AuthErrors.BAD_USER, 'user_json is not JSON');
    }
    const parsed = handlerUser.safeParse(raw);
    if (!parsed.success)
      throw invalidArgument(AuthErrors.BAD_USER, `user_json: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const user = parsed.data;
    // Exactly `<provider>_<sha1 hex>`: a prefix test alone would let a handler named `tg` mint ids in
    // the namespace of one named `tg_x` (`tg_x_<hex>` starts with `tg_`).
    const hex = user.id.slice(input.provider.length + 1);
    if (!user.id.startsWith(`${input.provider}_`) || !USER_ID_HEX.test(hex)) {
      throw permissionDenied(
        AuthErrors.FOREIGN_USER_ID,
        `user id must be "${input.provider}_" and 40 lower-case hex characters`,
      );
    }
    return user;
  }

  /** An avatar id the avatar service already holds, a URL to store, or nothing (identicon). */
  private async picture(userId: string, picture: string): Promise<string> {
    let avatarId = picture;
    if (!AVATAR_ID.test(picture)) {
      const url = /^https?:\/\//i.test(picture) ? picture : undefined;
      try {
        avatarId = await this.deps.avatars.saveFromUrl(userId, url);
      } catch (err) {
        throw loginErrors.avatarFailed(err);
      }
    }
    return `${this.deps.baseUrl}${this.deps.avatarRoutePath}/${avatarId}`;
  }
}
