import type http from 'node:http';
import querystring from 'node:querystring';
import { type CredentialRequest, JWT_HEADER, XSRF_HEADER } from '@gatehouse/token';

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
  // Which headers were present, empty or not: an empty first copy still counts for joining, as in Node.
  let seen = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    let key: keyof SessionHeaders;
    let bit: number;
    switch (name.length) {
      case 5:
        if (name.toLowerCase() !== 'x-jwt') continue;
        key = 'jwt';
        bit = 1;
        break;
      case 6:
        if (name.toLowerCase() !== 'cookie') continue;
        key = 'cookie';
        bit = 2;
        break;
      case 12:
        if (name.toLowerCase() !== 'x-xsrf-token') continue;
        key = 'xsrf';
        bit = 4;
        break;
      case 13:
        if (name.toLowerCase() !== 'authorization') continue;
        // Node keeps the first Authorization header and drops the rest.
        if ((seen & 8) === 0) out.authorization = raw[i + 1] as string;
        seen |= 8;
        continue;
      default:
        continue;
    }
    const value = raw[i + 1] as string;
    out[key] = (seen & bit) === 0 ? value : `${out[key]}${key === 'cookie' ? '; ' : ', '}${value}`;
    seen |= bit;
  }
  return out;
}

const NO_QUERY: Readonly<Record<string, unknown>> = Object.freeze({});
// Copied once: under CommonJS (tsx) every use of an imported binding is a getter call, and these are
// compared on each request (about 100 ns of the hot path, measured in-process).
const JWT = JWT_HEADER;
const XSRF = XSRF_HEADER;

/**
 * The raw request as @gatehouse/token's findToken and xsrfHolds read it (no Koa context: the gateway
 * answers GET /auth/user before Koa), answered from headers already taken by sessionHeaders; the query
 * string is parsed only when the URL has one. The decisions stay
 * in the shared functions: this only supplies the values fast.
 */
export class RawCredentialRequest implements CredentialRequest {
  constructor(
    private readonly req: http.IncomingMessage,
    private readonly headers: SessionHeaders,
  ) {}

  get(name: string): string {
    switch (name) {
      case JWT:
        return this.headers.jwt;
      case 'cookie':
        return this.headers.cookie;
      case XSRF:
        return this.headers.xsrf;
      case 'authorization':
        return this.headers.authorization;
      default: {
        // What Koa's ctx.get answers: the header as Node joined it, '' when absent.
        const value = this.req.headers[name.toLowerCase()];
        return (Array.isArray(value) ? value.join(', ') : value) ?? '';
      }
    }
  }

  get query(): Readonly<Record<string, unknown>> {
    // Koa's ctx.query is the same parse of the same string.
    const url = this.req.url ?? '';
    const mark = url.indexOf('?');
    return mark < 0 ? NO_QUERY : querystring.parse(url.slice(mark + 1));
  }
}
