// Secrets out of log text: JWT-shaped values and Bot API tokens anywhere, secret query parameters by name.

/** Query parameters whose values are secrets, by name (lower case, any `[...]` suffix removed). */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'passwd',
  'password',
  'state',
  'client_secret',
  'access_token',
  'id_token',
  'refresh_token',
  'secret',
]);

// Three base64url segments starting with a JSON header: a JWT, whatever parameter carries it.
const JWT_LIKE = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
// A Telegram bot token in a Bot API path (`/bot123456:AA.../getUpdates`): the bot's whole credential.
const BOT_TOKEN = /\/bot\d+:[\w-]+/g;

/** Text with every JWT-shaped value and Bot API token replaced, wherever they appear. */
export function redactSecrets(text: string): string {
  return text.replace(JWT_LIKE, '[redacted]').replace(BOT_TOKEN, '/bot[redacted]');
}

function paramName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // a broken escape: compare the name as sent
  }
  return name.trim().toLowerCase().replace(/\[.*$/, '');
}

/**
 * A URL fit for a log line: the values of secret query parameters are replaced, matched by their parsed
 * name (so `token[]=`, `%74oken=` and `TOKEN=` are caught too), and anything shaped like a JWT is
 * replaced wherever it appears.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = redactSecrets(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      if (eq >= 0 && SECRET_PARAMS.has(paramName(name))) return `${name}=[redacted]`;
      return redactSecrets(pair);
    })
    .join('&');
  return `${path}?${query}`;
}
