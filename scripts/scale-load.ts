// The compose stack scaled out, driven as its users meet it (docs/deployment.md "Scaling out"): USERS users log in
// through the dev provider (any auth replica serves any step), see their avatar, create a card and load
// it until LOADS loads are answered. Then, by each replica's own metrics: LoadCard calls spread over the
// payment replicas (none under 20 %), logins over the auth replicas, avatar stores and reads over the
// avatar replicas. Then the faults, under the same steady traffic: one payment replica SIGKILLed (only
// the loads in flight at that moment may fail), another stopped with `docker stop` (none may fail). Last,
// the ledger: every card's balance is the sum of its succeeded loads, and every load answered 200 is a
// succeeded one (replayed by its Idempotency-Key).
//
//   tsx scripts/scale-load.ts        run by scripts/compose-smoke.sh against the scaled stack
// Environment: GW (gateway URL), COMPOSE_PROJECT_NAME, USERS (20), LOADS (3000), FAULT_LOADS (1200).
import { execFileSync } from 'node:child_process';

const GW = process.env.GW ?? 'http://127.0.0.1:18080';
const USERS = Number(process.env.USERS ?? 20);
const LOADS = Number(process.env.LOADS ?? 3000);
const FAULT_LOADS = Number(process.env.FAULT_LOADS ?? 1200);
const AMOUNT_CENTS = 100;
const METRICS_PORT = { auth: 9461, avatar: 9462, payment: 9464 } as const;

const compose = (...args: string[]) =>
  execFileSync('docker', ['compose', '-f', 'docker-compose.yml', ...args], { encoding: 'utf8' }).trim();
const fail = (message: string): never => {
  console.error(`scale: FAILED: ${message}`);
  process.exit(1);
};

class Session {
  private readonly cookies = new Map<string, string>();
  cardId = 0;
  picture = '';

  constructor(readonly name: string) {}

  private keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    return this.keep(await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(35_000) }));
  }

  /** The dev login as a browser does it: the gateway, the dev server's form (any auth replica), the callback. */
  async login(): Promise<void> {
    const start = await this.fetch(`${GW}/auth/dev/login?site=scale`);
    const authorize = start.headers.get('location') ?? fail(`dev login answered ${start.status}`);
    const form = await fetch(authorize, {
      method: 'POST',
      body: new URLSearchParams({ username: this.name }),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const callback = form.headers.get('location') ?? fail(`the dev server answered ${form.status}`);
    const done = await this.fetch(callback);
    if (!this.cookies.has('JWT')) fail(`no session after the callback (${done.status})`);
    const user = (await (await this.fetch(`${GW}/auth/user`)).json()) as { name: string; picture: string };
    if (user.name !== this.name) fail(`/auth/user is ${JSON.stringify(user)}`);
    this.picture = user.picture;
  }

  async json(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.fetch(`${GW}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  }
}

interface LoadResult {
  key: string;
  session: Session;
  startedAt: number;
  endedAt: number;
  status: number;
}

/** Every load of the run has its own Idempotency-Key. */
let loadNumber = 0;

/** Each user loads its own card in a loop until `count` loads in all are answered. */
async function loads(sessions: Session[], count: number, results: LoadResult[]): Promise<void> {
  let left = count;
  await Promise.all(
    sessions.map(async (session) => {
      while (left > 0) {
        left--;
        const key = `scale-${process.pid}-${Date.now()}-${loadNumber++}`;
        const startedAt = Date.now();
        const { status } = await session
          .json(
            'POST',
            `/cards/${session.cardId}/load/`,
            { nonce: 'fake-valid-nonce', amount: '1.00' },
            {
              'Idempotency-Key': key,
            },
          )
          .catch(() => ({ status: 0 }));
        results.push({ key, session, startedAt, endedAt: Date.now(), status });
      }
    }),
  );
}

/** A counter's value summed over the series that match every label given. */
function counter(text: string, name: string, labels: Record<string, string>): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) total += Number(line.split(' ').pop());
  }
  return total;
}

/** Each running replica's own /metrics, read inside its container (metrics stay on its loopback). */
function replicaMetrics(service: keyof typeof METRICS_PORT): string[] {
  const ids = compose('ps', '-q', service).split('\n').filter(Boolean);
  return ids.map((id) =>
    execFileSync(
      'docker',
      [
        'exec',
        id,
        'node',
        '-e',
        `fetch('http://127.0.0.1:${METRICS_PORT[service]}/metrics').then(r=>r.text()).then(t=>process.stdout.write(t))`,
      ],
      { encoding: 'utf8' },
    ),
  );
}

function spread(service: keyof typeof METRICS_PORT, methods: string[], minShare: number): number[] {
  const counts = replicaMetrics(service).map((text) =>
    methods.reduce(
      (sum, method) => sum + counter(text, 'gatehouse_grpc_server_calls_total', { method, code: 'OK' }),
      0,
    ),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  console.log(`${service}: ${methods.join('+')} per replica ${counts.join(', ')} (of ${total})`);
  if (counts.length < 2) fail(`${service} runs ${counts.length} replica(s)`);
  for (const c of counts) if (c === 0 || c < total * minShare) fail(`${service}: a replica served ${c} of ${total}`);
  return counts;
}

async function main(): Promise<void> {
  const sessions = Array.from({ length: USERS }, (_, i) => new Session(`scale${i}`));
  let t0 = Date.now();
  for (const s of sessions) await s.login();
  await Promise.all(
    sessions.map(async (s) => {
      const picture = await s.fetch(s.picture);
      if (picture.status !== 200) fail(`the avatar answered ${picture.status}`);
      // A card made on a stack that has just started, on a loaded machine, may meet a deadline (504):
      // a user would try again, and so does this, once.
      let card = await s.json('POST', '/cards/', { name: `card of ${s.name}` });
      if (card.status >= 500) card = await s.json('POST', '/cards/', { name: `card of ${s.name}` });
      if (card.status !== 201) fail(`POST /cards/ answered ${card.status}`);
      s.cardId = Number(card.body.id);
    }),
  );
  console.log(`${USERS} users logged in, saw their avatars, made a card: ${Date.now() - t0} ms`);

  const steady: LoadResult[] = [];
  t0 = Date.now();
  await loads(sessions, LOADS, steady);
  const seconds = (Date.now() - t0) / 1000;
  const notOk = steady.filter((r) => r.status !== 200);
  console.log(`${LOADS} loads in ${seconds.toFixed(1)} s (${(LOADS / seconds).toFixed(0)}/s), ${notOk.length} not 200`);
  if (notOk.length > 0) fail(`loads without a fault answered ${[...new Set(notOk.map((r) => r.status))].join(', ')}`);
  spread('payment', ['LoadCard'], 0.2);
  spread('auth', ['CompleteLogin'], 0);
  spread('avatar', ['StoreContent', 'StoreFromUrl'], 0);
  spread('avatar', ['GetAvatar'], 0);

  // The faults, under the same traffic: a SIGKILL (a crash), then a `docker stop` (a rollout's stop).
  const payments = compose('ps', '-q', 'payment').split('\n').filter(Boolean);
  if (payments.length < 3) fail(`payment runs ${payments.length} replicas`);
  const [killed = '', stopped = ''] = payments;
  const faulted: LoadResult[] = [];
  const traffic = loads(sessions, FAULT_LOADS, faulted);
  const waitFor = async (n: number) => {
    while (faulted.length < n) await new Promise((r) => setTimeout(r, 20));
  };
  await waitFor(FAULT_LOADS * 0.2);
  const killedAt = Date.now();
  const pid = execFileSync('docker', ['inspect', '-f', '{{.State.Pid}}', killed], { encoding: 'utf8' }).trim();
  process.kill(Number(pid), 'SIGKILL');
  await waitFor(FAULT_LOADS * 0.5);
  const stopStarted = Date.now();
  execFileSync('docker', ['stop', stopped]);
  const stopEnded = Date.now();
  await traffic;

  // A load that started just after the kill may still have been sent to the dead replica before its
  // connection was seen closed: those count with the kill (a second at most), and all of them together
  // may not outnumber the loads under way at the kill.
  const underWayAtKill = faulted.filter((r) => r.startedAt <= killedAt && r.endedAt >= killedAt).length;
  const failedAroundKill = faulted.filter(
    (r) => r.status !== 200 && r.startedAt <= killedAt + 1000 && r.endedAt >= killedAt,
  );
  const failedOtherwise = faulted.filter((r) => r.status !== 200 && !failedAroundKill.includes(r));
  console.log(
    `faults: SIGKILL with ${underWayAtKill} loads under way, ${failedAroundKill.length} failed (${failedAroundKill
      .map((r) => r.status)
      .join(',')}); docker stop took ${stopEnded - stopStarted} ms, failed around it: ${failedOtherwise.length}`,
  );
  if (failedAroundKill.length > underWayAtKill) fail('the SIGKILL failed more loads than were under way');
  if (failedOtherwise.length > 0) {
    fail(
      `loads failed outside the SIGKILL: ${failedOtherwise.map((r) => `${r.status}@${r.startedAt - stopStarted}ms`).join(' ')}`,
    );
  }
  execFileSync('docker', ['start', stopped]);

  // The ledger: balance = the sum of succeeded loads; every 200 is one of them (its replay says so).
  let okAnswers = 0;
  const notOkAnswers = [...steady, ...faulted].filter((x) => x.status !== 200).length;
  for (const r of [...steady, ...faulted].filter((x) => x.status === 200)) {
    okAnswers++;
    const replay = await r.session.json(
      'POST',
      `/cards/${r.session.cardId}/load/`,
      { nonce: 'fake-valid-nonce', amount: '1.00' },
      {
        'Idempotency-Key': r.key,
      },
    );
    if (replay.status !== 200 || replay.headers.get('idempotent-replayed') !== 'true') {
      fail(`load ${r.key} was answered 200 but replays as ${replay.status} ${JSON.stringify(replay.body)}`);
    }
  }
  let succeeded = 0;
  for (const s of sessions) {
    const cards = await s.json('GET', '/cards/');
    const card = (cards.body.cards as Array<{ id: number; balance: string }> | undefined)?.find(
      (c) => c.id === s.cardId,
    );
    const list = await s.json('GET', `/cards/${s.cardId}/loads/`);
    const rows = (list.body.loads as Array<{ status: string; amount: string }>) ?? [];
    const done = rows.filter((l) => l.status === 'succeeded');
    succeeded += done.length;
    const cents = done.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0);
    if (!card || Math.round(Number(card.balance) * 100) !== cents) {
      fail(`${s.name}: balance ${card?.balance} against ${cents / 100} in succeeded loads`);
    }
  }
  if (succeeded < okAnswers) fail(`${okAnswers} loads answered 200 but ${succeeded} succeeded in the ledger`);
  if (succeeded > okAnswers + notOkAnswers) fail(`${succeeded} succeeded in the ledger, more than were sent`);
  console.log(`ledger: ${succeeded} succeeded loads (${okAnswers} answered 200), every balance equals its loads`);
  console.log(`scale: passed (${AMOUNT_CENTS / 100}.00 a load)`);
}

main().catch((err: unknown) => fail((err as Error).stack ?? String(err)));
