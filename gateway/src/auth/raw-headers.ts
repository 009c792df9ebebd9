import type http from 'node:http';

export interface SessionHeaders {
  authorization: string;
  jwt: string;
  cookie: string;
  xsrf: string;
}

/**
 * The four headers authentication reads, taken from req.rawHeaders in one pass. Node builds
 * req.headers lazily, for every header, on first access; the hot path needs only these. Duplicates
 * are joined as Node joins them (cookies with "; ", others with ", "), so the answer is the same as
 * req.headers would give.
 */
export function sessionHeaders(req: http.IncomingMessage): SessionHeaders {
  const out: SessionHeaders = { authorization: '', jwt: '', cookie: '', xsrf: '' };
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    let key: keyof SessionHeaders;
    switch (name.length) {
      case 5:
        if (name.toLowerCase() !== 'x-jwt') continue;
        key = 'jwt';
        break;
      case 6:
        if (name.toLowerCase() !== 'cookie') continue;
        key = 'cookie';
        break;
      case 12:
        if (name.toLowerCase() !== 'x-xsrf-token') continue;
        key = 'xsrf';
        break;
      case 13:
        if (name.toLowerCase() !== 'authorization') continue;
        // Node keeps the first Authorization header and drops the rest.
        if (out.authorization === '') out.authorization = raw[i + 1] as string;
        continue;
      default:
        continue;
    }
    const value = raw[i + 1] as string;
    out[key] = out[key] === '' ? value : `${out[key]}${key === 'cookie' ? '; ' : ', '}${value}`;
  }
  return out;
}
