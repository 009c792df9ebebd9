// The library's own floor for `pnpm bench oidc`: a refresh-token grant through oidc-provider alone, in
// this process, with its in-memory adapter (no Postgres), no network and no gRPC, each grant rotating the
// refresh token the last one gave, as the stack's are (a confidential client, client_secret_basic, an
// ES256-signed ID token with `openid offline_access`). What the auth service adds around it (the tunnel,
// the adapter's statements, the gRPC call) and the gateway's lane come on top of this.
import { exportJWK, generateKeyPair } from 'jose';
import inject from 'light-my-request';
import Provider from 'oidc-provider';

const ISSUER = 'https://id.bench.example';
const CLIENT = { client_id: 'bench-rp', client_secret: 'bench-rp-secret-long-enough-for-hs256-keys' };
const ACCOUNT = 'dev_bench_library';

/** µs of CPU one refresh-token grant costs oidc-provider alone, over `grants` grants after a warm-up. */
export async function oidcLibraryRefreshUs(grants = 2000, chains = 8): Promise<number> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'bench' };
  const provider = new Provider(ISSUER, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: ['https://rp.bench.example/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [jwk] },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    scopes: ['openid', 'offline_access', 'profile'],
    claims: { openid: ['sub'], profile: ['name'] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, name: 'Bench User' }) }),
    rotateRefreshToken: true,
    features: { devInteractions: { enabled: false } },
  });
  provider.proxy = true;
  const handler = provider.callback();
  const client = await provider.Client.find(CLIENT.client_id);
  if (!client) throw new Error('the bench client is missing');
  const authorization = `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString('base64')}`;

  /** A grant and its first refresh token, as a code exchange leaves them. */
  const firstToken = async (): Promise<string> => {
    const grant = new provider.Grant({ accountId: ACCOUNT, clientId: CLIENT.client_id });
    grant.addOIDCScope('openid offline_access profile');
    const grantId = await grant.save();
    const token = new provider.RefreshToken({
      accountId: ACCOUNT,
      client,
      grantId,
      scope: 'openid offline_access profile',
      gty: 'authorization_code',
      authTime: Math.floor(Date.now() / 1000),
    });
    return token.save();
  };

  const refresh = async (token: string): Promise<string> => {
    const res = await inject(handler, {
      method: 'POST',
      url: '/token',
      headers: {
        host: 'id.bench.example',
        'x-forwarded-proto': 'https',
        'content-type': 'application/x-www-form-urlencoded',
        authorization,
      },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
    });
    if (res.statusCode !== 200) throw new Error(`oidc-provider answered ${res.statusCode}: ${res.payload}`);
    return (JSON.parse(res.payload) as { refresh_token: string }).refresh_token;
  };

  const run = async (count: number) => {
    let left = count;
    await Promise.all(
      Array.from({ length: chains }, async () => {
        let token = await firstToken();
        while (left-- > 0) token = await refresh(token);
      }),
    );
  };
  await run(Math.max(500, grants / 2));
  const before = process.cpuUsage();
  await run(grants);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / grants;
}
