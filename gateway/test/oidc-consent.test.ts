// The OpenID provider's interaction rules (docs/openid-provider.md "Consent and grants", "Logging in"),
// end to end with openid-client as the relying party and a browser that logs in at the gateway: the
// consent page names the client and the scopes, a denial reaches the client as access_denied, an
// allowance is remembered (in another browser too), a first-party client is never asked, prompt=consent
// asks again; prompt=none, prompt=login, max_age and login_hint; a login as another user at the gateway;
// response_mode=form_post's page and its Content-Security-Policy.
import { createHash } from 'node:crypto';
import { Browser } from '@gatehouse/test-kit/browser';
import { until } from '@gatehouse/test-kit/until';
import { userId } from '@gatehouse/token';
import {
  codeRequest,
  decide,
  devLoginFrom,
  discoverClient,
  follow,
  type OidcStack,
  pageOf,
  startOidcStack,
} from './oidc-stack';

let stack: OidcStack;
beforeAll(async () => {
  stack = await startOidcStack();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
});

const REDIRECT = 'https://rp.example/callback';

async function client(metadata: Record<string, unknown> = {}) {
  const { clientId, clientSecret } = await stack.registerClient({
    client_name: 'Wiki',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    ...metadata,
  });
  return { clientId, config: await discoverClient(stack.issuer, clientId, clientSecret) };
}

async function loggedIn(name: string): Promise<Browser> {
  const browser = new Browser(stack.issuer);
  const res = await browser.devLogin(name);
  if (res.status !== 200) throw new Error(`login of ${name} answered ${res.status}`);
  return browser;
}

/** The login time (auth_time, seconds) of the browser's Gatehouse session. */
async function authTimeOf(browser: Browser): Promise<number> {
  const jwt = (await browser.cookie('JWT')) as string;
  return (JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString()) as { auth_time: number })
    .auth_time;
}

/** Waits until the clock has passed `seconds` after `since`: a login then counts as older than that. */
async function secondsPast(since: number, seconds: number): Promise<void> {
  await until(() => Math.floor(Date.now() / 1000) - since > seconds, {
    ms: (seconds + 3) * 1000,
    what: `${seconds} s after the login`,
  });
}

describe('consent', () => {
  it('names the client and the scopes; a denial reaches the client as access_denied', async () => {
    const { config } = await client();
    const browser = await loggedIn('cons-ann');
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid profile email' });
    const shown = await follow(browser, flow.url);
    expect(shown.page?.status).toBe(200);
    const text = shown.page?.text ?? '';
    expect(text).toContain('<h1>Wiki asks to</h1>');
    expect(text).toContain('see your name and picture <span class="muted">(profile)</span>');
    expect(text).toContain('see your email address <span class="muted">(email)</span>');
    expect(text).toContain('Signed in as cons-ann');
    // Its forms' answers redirect on to the client: browsers hold that redirect to form-action too.
    const csp = shown.page?.headers.get('content-security-policy');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${REDIRECT};`);
    const back = await follow(browser, await decide(browser, pageOf(shown), 'deny'));
    expect(back.back?.origin).toBe('https://rp.example');
    await expect(flow.exchange(back.back as URL)).rejects.toMatchObject({ error: 'access_denied' });
  });

  it('remembers an allowance per user and client: no page again, in another browser neither; grant.created', async () => {
    const { clientId, config } = await client();
    const browser = await loggedIn('cons-ben');
    const first = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid email' });
    const asked = await follow(browser, first.url);
    expect(asked.page?.text).toContain('(email)');
    const back = await follow(browser, await decide(browser, pageOf(asked), 'allow'));
    const tokens = await first.exchange(back.back as URL);
    const sub = tokens.claims()?.sub as string;

    const again = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid email' });
    const second = await follow(browser, again.url);
    expect(second.back).toBeDefined();
    expect((await again.exchange(second.back as URL)).claims()?.sub).toBe(sub);

    // Another device of the same user: no provider session there, the remembered grant still covers it.
    const phone = await loggedIn('cons-ben');
    const third = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid email' });
    const fromPhone = await follow(phone, third.url);
    expect(fromPhone.back).toBeDefined();
    expect((await third.exchange(fromPhone.back as URL)).claims()?.sub).toBe(sub);

    // Asking for more asks for the difference only.
    const more = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid email profile' });
    const difference = await follow(phone, more.url);
    expect(difference.page?.text).toContain('(profile)');
    expect(difference.page?.text).not.toContain('(email)');

    const events = await stack.sql<{ actor_id: string; subject_user: string; data: unknown }>(
      "SELECT actor_id, subject_user, data FROM events.events WHERE type = 'grant.created' AND data->>'client_id' = $1",
      [clientId],
    );
    expect(events).toEqual([
      { actor_id: sub, subject_user: sub, data: { client_id: clientId, scopes: ['openid', 'email'] } },
    ]);
  });

  it('never asks for a first-party client', async () => {
    const { clientId, config } = await client({ first_party: true });
    const browser = await loggedIn('cons-cid');
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid profile email' });
    const arrived = await follow(browser, flow.url);
    expect(arrived.back?.searchParams.get('code')).toBeTruthy();
    expect((await flow.exchange(arrived.back as URL)).claims()?.aud).toBe(clientId);
    // Its grant was made all the same: the trail says so, as for a consent given.
    const events = await stack.sql<{ data: unknown }>(
      "SELECT data FROM events.events WHERE type = 'grant.created' AND data->>'client_id' = $1",
      [clientId],
    );
    expect(events).toEqual([{ data: { client_id: clientId, scopes: ['openid', 'profile', 'email'] } }]);
  });

  it('asks again with prompt=consent, for what the grant already holds (offline_access with it)', async () => {
    const { config } = await client();
    const browser = await loggedIn('cons-dot');
    const first = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const asked = await follow(browser, first.url);
    await first.exchange((await follow(browser, await decide(browser, pageOf(asked), 'allow'))).back as URL);

    const again = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid', prompt: 'consent' });
    const reasked = await follow(browser, again.url);
    expect(reasked.page?.text).toContain('know who you are');
    await again.exchange((await follow(browser, await decide(browser, pageOf(reasked), 'allow'))).back as URL);

    const offline = await codeRequest(config, {
      redirect_uri: REDIRECT,
      scope: 'openid offline_access',
      prompt: 'consent',
    });
    const page = await follow(browser, offline.url);
    expect(page.page?.text).toContain('(offline_access)');
    const tokens = await offline.exchange(
      (await follow(browser, await decide(browser, pageOf(page), 'allow'))).back as URL,
    );
    expect(tokens.refresh_token).toBeTruthy();
  });
});

describe('prompt, max_age, login_hint', () => {
  it('prompt=none: login_required without a Gatehouse session; with one, a code at once (single sign-on)', async () => {
    const { config } = await client({ first_party: true });
    const nobody = new Browser(stack.issuer);
    const refused = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid', prompt: 'none' });
    const answer = await follow(nobody, refused.url);
    expect(answer.back?.searchParams.get('error')).toBe('login_required');
    await expect(refused.exchange(answer.back as URL)).rejects.toMatchObject({ error: 'login_required' });

    // Logged in at the gateway, never at the provider: the Gatehouse session is the login.
    const browser = await loggedIn('prompt-eve');
    const silent = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid', prompt: 'none' });
    const arrived = await follow(browser, silent.url);
    expect(arrived.back?.searchParams.get('code')).toBeTruthy();
    const claims = (await silent.exchange(arrived.back as URL)).claims();
    expect(claims?.auth_time).toBe(await authTimeOf(browser));
  });

  it('prompt=none answers consent_required when the user was never asked', async () => {
    const { config } = await client();
    const browser = await loggedIn('prompt-fay');
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid email', prompt: 'none' });
    const answer = await follow(browser, flow.url);
    expect(answer.back?.searchParams.get('error')).toBe('consent_required');
  });

  it('prompt=login shows the login page to a logged-in user; the new login is the ID token’s auth_time', async () => {
    const { config } = await client({ first_party: true });
    const browser = await loggedIn('prompt-gus');
    const before = await authTimeOf(browser);
    await secondsPast(before, 0);
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid', prompt: 'login' });
    const shown = await follow(browser, flow.url);
    expect(shown.page?.status).toBe(200);
    expect(shown.page?.text).toContain('asks for a recent login');
    const arrived = await follow(browser, await devLoginFrom(browser, pageOf(shown), 'prompt-gus'));
    const after = await authTimeOf(browser);
    expect(after).toBeGreaterThan(before);
    const claims = (await flow.exchange(arrived.back as URL)).claims();
    expect(claims?.auth_time).toBe(after);
  });

  it('max_age: a login older than it is asked again; a fresh one passes', async () => {
    const { config } = await client({ first_party: true });
    const browser = await loggedIn('prompt-hal');
    const loggedInAt = await authTimeOf(browser);
    await secondsPast(loggedInAt, 2);
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid', max_age: '2' });
    const shown = await follow(browser, flow.url);
    expect(shown.page?.text).toContain('asks for a recent login');
    const arrived = await follow(browser, await devLoginFrom(browser, pageOf(shown), 'prompt-hal'));
    const claims = (await flow.exchange(arrived.back as URL)).claims();
    expect(claims?.auth_time).toBeGreaterThan(loggedInAt);
  });

  it('login_hint is accepted and shown on the login page, as text', async () => {
    const { config } = await client({ first_party: true });
    const flow = await codeRequest(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      login_hint: 'ida@example.com<script>',
    });
    const shown = await follow(new Browser(stack.issuer), flow.url);
    expect(shown.page?.status).toBe(200);
    expect(shown.page?.text).toContain('expects <strong>ida@example.com&lt;script&gt;</strong>');
  });
});

describe('another user at the gateway', () => {
  it('makes the next authorization theirs: the provider ends the first user’s session, then logs the second in', async () => {
    const { config } = await client({ first_party: true });
    const browser = await loggedIn('switch-ann');
    const first = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const ann = (await first.exchange((await follow(browser, first.url)).back as URL)).claims()?.sub;
    expect((await browser.devLogin('switch-bob')).status).toBe(200);
    const second = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid' });
    let arrived = await follow(browser, second.url);
    for (let step = 0; arrived.page && step < 3; step++) {
      // The library's logout step of the first user's provider session: a form that submits itself.
      const page = pageOf(arrived);
      const action = /<form method="post" action="([^"]+)">/.exec(page.text)?.[1] as string;
      const fields = new URLSearchParams();
      for (const [, name, value] of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
        fields.append(name as string, value as string);
      const posted = await browser.request('POST', action, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields.toString(),
      });
      arrived = await follow(browser, posted.headers.get('location') as string);
    }
    expect(ann).toBe(userId('dev', 'switch-ann'));
    expect((await second.exchange(arrived.back as URL)).claims()?.sub).toBe(userId('dev', 'switch-bob'));
  });
});

describe('response_mode=form_post', () => {
  it('answers a page that posts the code to the registered redirect_uri only, under a CSP naming its script', async () => {
    const { config } = await client({ first_party: true });
    const browser = await loggedIn('post-ivy');
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid', response_mode: 'form_post' });
    const shown = await follow(browser, flow.url);
    const page = shown.page as NonNullable<typeof shown.page>;
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<form method="post" action="${REDIRECT}">`);
    const csp = page.headers.get('content-security-policy') as string;
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.text)?.[1] as string;
    const hash = createHash('sha256').update(script).digest('base64');
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual([`'sha256-${hash}'`]);
    expect(directives['form-action']).toEqual([REDIRECT]);
    expect(directives['default-src']).toEqual(["'none'"]);
    const fields = new URLSearchParams();
    for (const [, name, value] of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
      fields.append(name as string, value as string);
    expect(fields.get('state')).toBe(flow.state);
    const posted = new Request(REDIRECT, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    const tokens = await flow.exchange(posted);
    expect(tokens.claims()?.iss).toBe(stack.issuer);
  });

  it('keeps form-action to the provider itself on its other answers', async () => {
    const res = await fetch(`${stack.issuer}/.well-known/openid-configuration`);
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
  });
});
