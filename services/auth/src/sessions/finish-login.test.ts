// The end of every login (finish-login.ts): a one-factor login of a user with a second factor is held
// and leaves no trace until its code; every other login is recorded, written and counted once, by how
// it finished. The stores are the in-process ones; the hold stands in for TOTP (the processes' tests,
// services/auth/test/login-finish*.test.ts, run the real one).
import type { NewEvent } from '@gatehouse/events';
import { createLogger } from '@gatehouse/logger';
import { configSecretReader, type Issued, TokenService } from '@gatehouse/token';
import { MemoryRevocations } from '../stores/revocations';
import { MemorySessionRegistry } from '../stores/session-registry';
import { DeviceSessions } from './device-sessions';
import { type LoginFinish, LoginFinisher } from './finish-login';
import { Sessions } from './sessions';

const log = createLogger({ name: 'test', level: 'silent' });
const BROWSER = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 Chrome/130' };
const TESS = { id: 'dev_tess', name: 'tess', picture: '' };
const PAT = { id: 'dev_pat', name: 'pat', picture: '' };

function finisherWith(options: { secondFactorOf?: string[] } = {}) {
  const tokens = new TokenService({
    issuer: 'test',
    tokenDurationMs: 900_000,
    cookieDurationMs: 86_400_000,
    audiences: [],
    secrets: configSecretReader('s'.repeat(40), {}),
  });
  const revocations = new MemoryRevocations();
  const devices: DeviceSessions = new DeviceSessions({
    registry: new MemorySessionRegistry(),
    revocations,
    sessions: { endJti: (jti, endMs) => sessions.endJti(jti, endMs) },
    tokens,
    log,
  });
  const sessions = new Sessions(tokens, revocations, Date.now, devices);
  const events: NewEvent[] = [];
  const counted: [string, LoginFinish][] = [];
  const held: Issued[] = [];
  const finisher = new LoginFinisher({
    devices,
    trail: { record: async (event) => void events.push(event) },
    counted: (provider, how) => void counted.push([provider, how]),
    secondFactor: options.secondFactorOf && {
      hold: async (session) => {
        if (!options.secondFactorOf?.includes(session.claims.user?.id ?? '')) return { session };
        held.push(session);
        return { pending: { id: `pending-${held.length}`, maxAgeSeconds: 300 } };
      },
    },
  });
  const login = (user: typeof TESS, provider: string) =>
    tokens.issueSession({ user, aud: 'x', provider, sessionOnly: false });
  const listed = async (userId: string) => (await devices.listOf(userId)).length;
  return { finisher, events, counted, held, login, listed };
}

test('each login is recorded with its browser, written once and counted once by provider and how it finished', async () => {
  const { finisher, events, counted, login, listed } = finisherWith({ secondFactorOf: [] });
  const kinds: [string, LoginFinish][] = [
    ['dev', 'oauth2'],
    ['telegram', 'handler'],
    ['passkey', 'passkey'],
    ['dev', 'totp'],
    ['email', 'recovery_code'],
  ];
  for (const [provider, how] of kinds) {
    const session = await login(TESS, provider);
    expect(await finisher.finish({ session, client: BROWSER, how })).toEqual({ session });
  }
  expect(counted).toEqual(kinds);
  expect(events.map((e) => [e.type, e.subjectUser, e.clientAddress, e.data])).toEqual(
    kinds.map(([provider]) => ['login.succeeded', TESS.id, BROWSER.ip, { provider }]),
  );
  expect(await listed(TESS.id)).toBe(kinds.length);
});

test('a one-factor login of a user with a second factor is held: no session listed, no event, no count', async () => {
  const { finisher, events, counted, held, login, listed } = finisherWith({ secondFactorOf: [TESS.id] });
  for (const how of ['oauth2', 'handler'] as const) {
    const session = await login(TESS, 'dev');
    const done = await finisher.finish({ session, client: BROWSER, how, redirectUrl: 'http://x/after' });
    expect(done).toEqual({ pending: { id: `pending-${held.length}`, maxAgeSeconds: 300 } });
  }
  expect([events, counted, await listed(TESS.id)]).toEqual([[], [], 0]);
  // Another user's login passes the same hold and is not held.
  const other = await login(PAT, 'dev');
  expect(await finisher.finish({ session: other, client: BROWSER, how: 'oauth2' })).toEqual({ session: other });
  expect(counted).toEqual([['dev', 'oauth2']]);
});

test('a passkey and the code steps are never held (they are the two factors)', async () => {
  const { finisher, counted, held, login } = finisherWith({ secondFactorOf: [TESS.id] });
  for (const how of ['passkey', 'totp', 'recovery_code'] as const) {
    const session = await login(TESS, how === 'passkey' ? 'passkey' : 'dev');
    expect(await finisher.finish({ session, client: BROWSER, how })).toEqual({ session });
  }
  expect(held).toEqual([]);
  expect(counted.map(([, how]) => how)).toEqual(['passkey', 'totp', 'recovery_code']);
});
