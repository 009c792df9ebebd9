import { z } from 'zod';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Text that names or identifies a user: no NUL or other control character can reach a store or a log. */
const plainText = z.string().refine((s) => !CONTROL.test(s), { error: 'holds control characters' });

/** The token's user, as every record that carries one is parsed with. */
export const userSchema = z.looseObject({
  name: plainText,
  id: plainText,
  picture: z.string(),
  aud: z.string().optional(),
  ip: z.string().optional(),
  email: plainText.optional(),
  attrs: z.record(z.string(), z.unknown()).optional(),
  role: plainText.optional(),
});

const seconds = z.number().finite();

/**
 * The claims a Gatehouse token may carry, with their types: a token is refused when a claim it has is
 * of another type (`auth_time: "x"`), instead of failing later in whoever reads it. Unknown claims
 * pass: the application's claims updater may add its own.
 */
export const claimsSchema = z.looseObject({
  iss: z.string().optional(),
  sub: z.string().optional(),
  exp: seconds,
  nbf: seconds.optional(),
  iat: seconds.optional(),
  jti: z.string().optional(),
  user: userSchema.optional(),
  sess_only: z.boolean().optional(),
  handshake: z
    .looseObject({ state: z.string().optional(), from: z.string().optional(), id: z.string().optional() })
    .optional(),
  'no-ava': z.boolean().optional(),
  auth_provider: z.looseObject({ name: z.string() }).optional(),
  auth_time: seconds.optional(),
  amr: z.array(z.string()).optional(),
});
