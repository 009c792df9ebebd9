// `pnpm oidc-demo`: openid-client, the certified relying-party library, logs in to the Gatehouse that
// `pnpm start` runs, as the demo client `gatehouse-demo` (public, PKCE; AUTH_OIDC_DEMO_CLIENT registers
// it). It prints the authorization URL to open, takes the code back on a loopback listener (RFC 8252),
// redeems it, and prints the ID token's claims, userinfo and a refresh, then exits. docs/openid-provider.md
// "The demo client" says what each step is.
//   pnpm oidc-demo [--issuer http://127.0.0.1:8080] [--port 8090] [--scope "openid profile email offline_access"]
// The issuer defaults to AUTH_URL, else the gateway `pnpm start` runs (GATEWAY_PORT, default 8080).
import http from 'node:http';
import { parseArgs } from 'node:util';
import * as oidc from 'openid-client';
import { environment } from '../packages/config/src/environment';

const CLIENT_ID = 'gatehouse-demo';
/** A person has this long to log in before the demo gives up. */
const WAIT_MS = 5 * 60_000;

const env = environment();
const { values } = parseArgs({
  options: {
    issuer: { type: 'string' },
    port: { type: 'string', default: '8090' },
    scope: { type: 'string', default: 'openid profile email offline_access' },
  },
});
const issuer = new URL(values.issuer ?? env.AUTH_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT || 8080}`);
const port = Number(values.port);
const say = (line: string) => console.log(`[oidc-demo] ${line}`);

/** The one request the loopback listener waits for: the provider sending the browser back. */
function callback(redirectUri: string): Promise<{ url: URL; answer(status: number, text: string): void }> {
  return new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', redirectUri);
      if (url.pathname !== '/callback') return void res.writeHead(404).end();
      resolve({
        url,
        answer: (status, text) => {
          res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
          server.close();
        },
      });
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1');
    setTimeout(() => reject(new Error('nobody logged in within 5 minutes')), WAIT_MS).unref();
  });
}

async function main(): Promise<void> {
  // Plain http only for a Gatehouse on this machine, as `pnpm start` runs it.
  const insecure = issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
  const config = await oidc.discovery(issuer, CLIENT_ID, undefined, oidc.None(), insecure);
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: values.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    // OpenID Connect gives a refresh token (offline_access) only when consent is asked for.
    prompt: 'consent',
  });
  const back = callback(redirectUri);
  say(`issuer ${config.serverMetadata().issuer}, client ${CLIENT_ID}`);
  say(`open this in your browser and log in:\n${url.href}`);
  const { url: returned, answer } = await back;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    say(`ID token claims: ${JSON.stringify(claims)}`);
    const me = await oidc.fetchUserInfo(config, tokens.access_token, claims?.sub ?? oidc.skipSubjectCheck);
    say(`userinfo: ${JSON.stringify(me)}`);
    if (tokens.refresh_token) {
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token);
      say(`refreshed: a new access token, expires_in ${refreshed.expires_in}, the refresh token rotated`);
    }
    answer(200, `Logged in as ${String(me.name ?? me.sub)}. You can close this tab.`);
    say('done');
  } catch (err) {
    answer(400, 'The login did not complete: see the terminal.');
    throw err;
  }
}

main().catch((err: unknown) => {
  const e = err as { error?: string; error_description?: string; message?: string };
  say(`failed: ${e.error ? `${e.error}: ${e.error_description ?? ''}` : (e.message ?? String(err))}`);
  process.exit(1);
});
