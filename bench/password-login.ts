// The password side of `pnpm bench sessions`: sign-up of the users a round logs in (uncounted), a
// password login (POST /auth/password/login, the session cookies in its answer), and the cost of the
// hash alone: Argon2id verifies with the stack's parameters, here in this process, sequentially, their
// CPU (libuv's threads included) a verify. A password login's "rest of the stack" is the stack's CPU a
// login minus that.
import { performance } from 'node:perf_hooks';
import { OWASP_PARAMETERS, PasswordHasher } from '../services/auth/src/passwords/hashing';
import { median } from './harness';
import { request, type Session } from './session-client';

export const BENCH_PASSWORD = 'a bench password of some length';
export const emailOf = (user: string) => `${user}@bench.example.com`;

const json = (body: unknown) => {
  const text = JSON.stringify(body);
  return { headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }, text };
};

/** Signs `user` up (the answer is the same for any address; the account is made just after it). */
export async function passwordSignup(gatewayUrl: string, user: string): Promise<void> {
  const { headers, text } = json({ email: emailOf(user), password: BENCH_PASSWORD });
  const answer = await request('POST', `${gatewayUrl}/auth/password/signup`, headers, text);
  if (answer.status !== 202) throw new Error(`sign-up answered ${answer.status}: ${answer.body.slice(0, 200)}`);
}

/** A password login: 200 with the session cookies and the user's JSON. */
export async function passwordLogin(gatewayUrl: string, user: string): Promise<Session> {
  const { headers, text } = json({ email: emailOf(user), password: BENCH_PASSWORD });
  const answer = await request('POST', `${gatewayUrl}/auth/password/login`, headers, text);
  if (answer.status !== 200) throw new Error(`password login answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  const cookie = (name: string) =>
    (answer.headers['set-cookie'] ?? [])
      .find((l) => l.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1);
  const jwt = cookie('JWT');
  const xsrf = cookie('XSRF-TOKEN');
  if (!jwt || !xsrf) throw new Error('the password login set no session cookies');
  return { user, jwt, xsrf };
}

/** Signs every user up, then waits until each can log in (the rows are written after the answer). */
export async function passwordUsersReady(
  gatewayUrl: string,
  users: string[],
  each: <T>(items: string[], work: (u: string) => Promise<T>) => Promise<{ failures: number; firstError?: string }>,
): Promise<void> {
  const signed = await each(users, (u) => passwordSignup(gatewayUrl, u));
  if (signed.failures > 0) throw new Error(`sign-ups failed: ${signed.firstError}`);
  const last = users.at(-1);
  if (!last) return;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await passwordLogin(gatewayUrl, last);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export interface HashCost {
  parameters: string;
  /** CPU ms of one verify (median of the batches), and its wall time. */
  cpuMs: number;
  wallMs: number;
}

/**
 * Argon2id verifies with OWASP's parameters (the stack's defaults), in batches, `concurrency` callers at
 * once as the stack's logins come, through the service's hasher, which lets as many run at a time as
 * the stack's does (AUTH_PASSWORD_HASH_CONCURRENCY's default: a memory-hard hash costs more CPU when
 * more of them than cores share the caches).
 */
export async function argon2VerifyCost(concurrency: number, batches = 5, perBatch = 24): Promise<HashCost> {
  const { memoryKiB, timeCost, parallelism } = OWASP_PARAMETERS;
  // The service's own hasher: the same library, parameters and calls as a login's.
  const hasher = new PasswordHasher(OWASP_PARAMETERS);
  const stored = await hasher.hash(BENCH_PASSWORD);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let b = 0; b < batches; b++) {
    const before = process.cpuUsage();
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next++ < perBatch) await hasher.verify(stored, BENCH_PASSWORD, BENCH_PASSWORD);
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const used = process.cpuUsage(before);
    wall.push((performance.now() - started) / perBatch);
    cpu.push((used.user + used.system) / 1000 / perBatch);
  }
  return {
    parameters: `argon2id m=${memoryKiB} KiB, t=${timeCost}, p=${parallelism}, ${concurrency} callers, ${hasher.concurrency} hashing at a time`,
    cpuMs: median(cpu),
    wallMs: median(wall),
  };
}

/** `/auth/user`'s latency alone and while password logins run at a steady rate (issue 46). */
export interface LatencyUnderLogins {
  aloneMs: number;
  underLoginsMs: number;
  loginsPerSecond: number;
  loginFailures: number;
}

/** The bound: `/auth/user` within 10 % of its latency alone while 20 password logins a second run. */
export const LATENCY_UNDER_LOGINS_TARGET = 1.1;

/**
 * One browser asks `GET /auth/user` back to back (its cookie token, refreshed when it expires), for
 * `windowMs` alone, then as long again while password logins start at `rate` a second, in turns
 * (`turns` of each, so the machine's drift falls on both); the medians of every answer's latency.
 */
export async function userLatencyUnderLogins(
  gatewayUrl: string,
  session: Session,
  users: string[],
  { rate = 20, windowMs = 3000, turns = 2 } = {},
): Promise<LatencyUnderLogins> {
  let current = session;
  const ask = async (): Promise<number> => {
    const started = performance.now();
    const answer = await request('GET', `${gatewayUrl}/auth/user`, {
      cookie: `JWT=${current.jwt}; XSRF-TOKEN=${current.xsrf}`,
      'x-xsrf-token': current.xsrf,
    });
    const took = performance.now() - started;
    if (answer.status !== 200) throw new Error(`/auth/user answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const refreshed = (answer.headers['set-cookie'] ?? []).find((l) => l.startsWith('JWT='));
    if (refreshed) current = { ...current, jwt: refreshed.slice(4, refreshed.indexOf(';')) };
    return took;
  };
  const window = async (): Promise<number[]> => {
    const took: number[] = [];
    const until = performance.now() + windowMs;
    while (performance.now() < until) took.push(await ask());
    return took;
  };
  const alone: number[] = [];
  const under: number[] = [];
  let started = 0;
  let failures = 0;
  for (let t = 0; t < turns; t++) {
    alone.push(...(await window()));
    const logins: Promise<unknown>[] = [];
    const timer = setInterval(() => {
      const user = users[started++ % users.length] as string;
      logins.push(passwordLogin(gatewayUrl, user).catch(() => failures++));
    }, 1000 / rate);
    try {
      under.push(...(await window()));
    } finally {
      clearInterval(timer);
    }
    await Promise.all(logins);
  }
  return {
    aloneMs: median(alone),
    underLoginsMs: median(under),
    loginsPerSecond: started / ((turns * windowMs) / 1000),
    loginFailures: failures,
  };
}
