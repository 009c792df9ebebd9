// The browser side of `pnpm bench sessions`: a dev-provider login (the four requests a person's browser
// makes) and a refresh (an expired cookie token on GET /auth/user), over kept-alive plain node:http
// connections, so the load generator spends little of the machine the stack is measured on.
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A logged-in browser: the two cookies the gateway set. */
export interface Session {
  user: string;
  jwt: string;
  xsrf: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(method: string, url: string, headers: http.OutgoingHttpHeaders = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout: 30_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The value of one Set-Cookie of an answer, or undefined. */
function setCookie(answer: Answer, name: string): string | undefined {
  for (const line of answer.headers['set-cookie'] ?? []) {
    if (line.startsWith(`${name}=`)) return line.slice(name.length + 1, line.indexOf(';'));
  }
  return undefined;
}

function expect(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return answer;
}

/**
 * Logs `user` in through the dev provider as a browser does: /auth/dev/login (302 and the handshake
 * cookie), the dev server's form, its POST (302 to the callback with the code), the callback (the
 * session cookies and the user's JSON).
 */
export async function devLogin(gatewayUrl: string, user: string): Promise<Session> {
  const start = expect(await request('GET', `${gatewayUrl}/auth/dev/login`), 302, 'login');
  const handshake = setCookie(start, 'JWT');
  const authorize = start.headers.location;
  if (!handshake || !authorize) throw new Error('login gave no handshake cookie or redirect');
  const page = expect(await request('GET', authorize), 200, 'dev form');
  if (!page.body.includes('name="username"')) throw new Error('the dev form has no user name field');
  const form = `username=${encodeURIComponent(user)}`;
  const posted = expect(
    await request(
      'POST',
      authorize,
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
      form,
    ),
    302,
    'dev form post',
  );
  const callback = posted.headers.location;
  if (!callback) throw new Error('the dev form gave no redirect');
  const done = expect(await request('GET', callback, { cookie: `JWT=${handshake}` }), 200, 'callback');
  const jwt = setCookie(done, 'JWT');
  const xsrf = setCookie(done, 'XSRF-TOKEN');
  if (!jwt || !xsrf || (JSON.parse(done.body) as { name?: string }).name !== user)
    throw new Error('the callback gave no session for the user');
  return { user, jwt, xsrf };
}

/** GET /auth/user with the session's (expired) cookie token: 200, and the refreshed token in its cookie. */
export async function refresh(gatewayUrl: string, session: Session): Promise<Session> {
  const answer = expect(
    await request('GET', `${gatewayUrl}/auth/user`, {
      cookie: `JWT=${session.jwt}; XSRF-TOKEN=${session.xsrf}`,
      'x-xsrf-token': session.xsrf,
    }),
    200,
    'refresh',
  );
  const jwt = setCookie(answer, 'JWT');
  if (!jwt || jwt === session.jwt) throw new Error('/auth/user answered without a refreshed token');
  // Refresh keeps the jti, so the XSRF value stays.
  return { ...session, jwt };
}

/** Runs `work` on each item, `concurrency` at a time; failures are counted (the first one kept), not thrown. */
export async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<{ results: (R | undefined)[]; failures: number; firstError?: string }> {
  const results: (R | undefined)[] = new Array(items.length);
  let next = 0;
  let failures = 0;
  let firstError: string | undefined;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      try {
        results[i] = await work(items[i] as T);
      } catch (err) {
        failures++;
        firstError ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return { results, failures, firstError };
}

export function closeClient(): void {
  agent.destroy();
}
