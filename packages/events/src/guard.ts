/**
 * The last line against secrets in the trail: whatever the schemas let through, a value that looks
 * like a token, a one-time code, a secret or a card number is refused before it is written.
 */
const LOOKS_SECRET: [RegExp, string][] = [
  [/^eyJ[\w-]+\.[\w-]+\.[\w-]*$/, 'a JWT'],
  [/^(whsec|sk|pk|rk)_[\w-]{8,}/i, 'a secret key'],
  [/^\d{6,8}$/, 'a one-time code'],
  // Mixed case and digits: a base64 token; a user id (`github_` + hex) is lower-case only.
  [/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9+/_-]{24,}={0,2}$/, 'a token-like random string'],
];

/** Our own ids that the patterns above would take for tokens: a webhook endpoint's (`wh_` + a ULID). */
const OWN_IDS = [/^wh_[0-9A-HJKMNP-TV-Z]{26}$/];

/** Luhn-valid runs of 13-19 digits (spaces and dashes allowed): a card number. */
function looksLikeCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Why `value` may not be in the trail (naming the field), or null. Walks objects and arrays. */
export function secretProblem(value: unknown, path = 'data'): string | null {
  if (typeof value === 'string') {
    if (looksLikeCardNumber(value)) return `${path} looks like a card number`;
    if (OWN_IDS.some((own) => own.test(value))) return null;
    for (const [pattern, what] of LOOKS_SECRET) if (pattern.test(value)) return `${path} looks like ${what}`;
    return null;
  }
  if (typeof value === 'number' && Number.isInteger(value) && looksLikeCardNumber(String(value)))
    return `${path} looks like a card number`;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const problem = secretProblem(v, `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const problem = secretProblem(v, `${path}.${k}`);
      if (problem) return problem;
    }
  }
  return null;
}
