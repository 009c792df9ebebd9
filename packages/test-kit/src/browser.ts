// A browser-like HTTP client for integration tests: a cookie jar, manual redirects, and the XSRF
// header taken from the XSRF-TOKEN cookie the way the page's script does it.
import { CookieJar } from 'tough-cookie';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Buffer;
  json: () => unknown;
  cookies: string[];
}

export class Browser {
  readonly jar = new CookieJar();

  constructor(readonly base: string) {}

  async request(
    method: string,
    pathOrUrl: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    const url = new URL(pathOrUrl, this.base).href;
    const headers: Record<string, string> = { ...init.headers };
    const cookie = await this.jar.getCookieString(url);
    if (cookie) headers.cookie = cookie;
    const res = await fetch(url, {
      method,
      headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const cookies = res.headers.getSetCookie();
    for (const c of cookies) await this.jar.setCookie(c, url);
    const body = Buffer.from(await res.arrayBuffer());
    const text = body.toString('utf8');
    return { status: res.status, headers: res.headers, text, body, json: () => JSON.parse(text), cookies };
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request('GET', path, { headers });
  }

  async xsrf(): Promise<string> {
    const cookies = await this.jar.getCookies(this.base);
    return cookies.find((c) => c.key === 'XSRF-TOKEN')?.value ?? '';
  }

  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.jar.getCookies(this.base);
    return cookies.find((c) => c.key === name)?.value;
  }

  /** GET with the XSRF header, as the demo page's fetch calls send it. */
  async getWithXsrf(path: string): Promise<Answer> {
    return this.get(path, { 'x-xsrf-token': await this.xsrf() });
  }

  /**
   * Logs in through the dev provider the way a person does: /auth/dev/login, the dev server's form,
   * POST of the user name, the callback. Returns the callback's answer.
   */
  async devLogin(username: string, query = ''): Promise<Answer> {
    const start = await this.get(`/auth/dev/login${query}`);
    if (start.status !== 302) throw new Error(`login answered ${start.status}: ${start.text}`);
    return this.devAuthorize(start.headers.get('location') as string, username);
  }

  /** The dev provider's form at `authorize` (its authorization URL) as `username`, then the callback. */
  async devAuthorize(authorize: string, username: string): Promise<Answer> {
    const page = await this.request('GET', authorize);
    if (page.status !== 200 || !page.text.includes('name="username"')) throw new Error(`dev form: ${page.status}`);
    const submitted = await this.request('POST', authorize, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username }).toString(),
    });
    if (submitted.status !== 302) throw new Error(`dev form post answered ${submitted.status}: ${submitted.text}`);
    return this.request('GET', submitted.headers.get('location') as string);
  }
}
