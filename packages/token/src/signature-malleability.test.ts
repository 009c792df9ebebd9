// Issue 25 item 4: an ECDSA signature (r, s) has a twin (r, n - s) that verifies too; a token must have
// one spelling, so the high-s twin is refused.
import { generateSigningJwk, loadSigningKeys } from './keys';
import { TokenService } from './service';

/** The order of P-256's base point. */
const N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

const toHex = (n: bigint) => n.toString(16).padStart(64, '0');

/** The same token with its signature's twin: (r, n - s). */
function twin(token: string): string {
  const [head, body, sig] = token.split('.') as [string, string, string];
  const raw = Buffer.from(sig, 'base64url');
  const r = raw.subarray(0, 32);
  const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
  const flipped = Buffer.concat([r, Buffer.from(toHex(N - s), 'hex')]);
  return `${head}.${body}.${flipped.toString('base64url')}`;
}

const isHighS = (token: string) => {
  const raw = Buffer.from(token.split('.')[2] as string, 'base64url');
  return BigInt(`0x${raw.subarray(32).toString('hex')}`) > N / 2n;
};

it('accepts the low-s form of an ES256 token and refuses its high-s twin', async () => {
  const tokens = new TokenService({
    issuer: 'gatehouse',
    tokenDurationMs: 15 * 60_000,
    cookieDurationMs: 86_400_000,
    audiences: [],
    secrets: () => 'unused-for-es256-unused-for-es256',
    signingKeys: await loadSigningKeys('ES256', [await generateSigningJwk('ES256')]),
  });
  const user = { name: 'a', id: 'dev_a', picture: '' };
  // Signatures are random (half of them high-s as signed): every issued one is low-s, its twin refused.
  for (let i = 0; i < 32; i++) {
    const { token } = await tokens.issueSession({ user, aud: 'site', provider: 'dev', sessionOnly: false });
    expect(isHighS(token)).toBe(false);
    await expect(tokens.verify(token)).resolves.toMatchObject({ expired: false });
    await expect(tokens.verify(twin(token))).rejects.toThrow('token is invalid');
  }
});
