// The signature floor of a refresh: what jose takes, in this process, to verify a session token and
// sign its successor (the least any refresh does), measured in the same run as the stack.
import { type CryptoKey, generateKeyPair, jwtVerify, SignJWT } from 'jose';

export type FloorAlgorithm = 'HS256' | 'ES256' | 'EdDSA';

/** CPU time of this process so far, in microseconds. */
function cpuUs(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Claims of the size and shape of a dev login's session token. */
function sessionClaims(): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'gatehouse',
    aud: 'gatehouse',
    exp: now + 900,
    iat: now,
    jti: 'f'.repeat(40),
    user: {
      name: 'bench_user',
      id: `dev_${'a'.repeat(40)}`,
      picture: `http://127.0.0.1:8080/avatar/${'b'.repeat(40)}.image`,
    },
    auth_provider: { name: 'dev' },
    auth_time: now,
    amr: ['fed'],
  };
}

/**
 * Microseconds of CPU per verify + sign with jose, as a plain caller writes them (the secret as bytes, or
 * an imported key pair), the median of `rounds` runs of `iterations` each.
 */
export async function joseVerifyAndSignUs(alg: FloorAlgorithm, iterations = 2000, rounds = 5): Promise<number[]> {
  let signKey: Uint8Array | CryptoKey;
  let verifyKey: Uint8Array | CryptoKey;
  if (alg === 'HS256') {
    signKey = new TextEncoder().encode('x'.repeat(64));
    verifyKey = signKey;
  } else {
    const pair = await generateKeyPair(alg);
    signKey = pair.privateKey;
    verifyKey = pair.publicKey;
  }
  const header = { alg, typ: 'JWT' };
  let token = await new SignJWT(sessionClaims()).setProtectedHeader(header).sign(signKey);
  const once = async () => {
    const { payload } = await jwtVerify(token, verifyKey, { algorithms: [alg] });
    token = await new SignJWT({ ...payload, iat: payload.iat }).setProtectedHeader(header).sign(signKey);
  };
  for (let i = 0; i < 500; i++) await once(); // JIT warm-up
  const runs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const before = cpuUs();
    for (let i = 0; i < iterations; i++) await once();
    runs.push((cpuUs() - before) / iterations);
  }
  return runs;
}
