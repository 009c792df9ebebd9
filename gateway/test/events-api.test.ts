// The audit trail and webhooks over HTTP (issue 34, docs/events.md) through real auth, payment (one
// database, so both write the one trail) and a gateway with its admin listener, with an operator's
// workload token: a receiver registered by POST /admin/v1/webhooks gets user.created, login.succeeded,
// card.created, load.succeeded and session.ended within 5 s of each, every one verified by the
// `standardwebhooks` package as receivers verify; the events of a login, a load and an admin block are
// found by type, user and the X-Request-Id their answers carried; deliveries are listed and retried
// with the same webhook-id; and no event holds the session's token, its XSRF value or the secret.
// A receiver failing twice gets the same webhook-id on the third attempt; a 410 disables its endpoint,
// which the admin turns on again.
import { idTime, secretProblem } from '@gatehouse/events';
import { Browser } from '@gatehouse/test-kit/browser';
import { until } from '@gatehouse/test-kit/until';
import { Client } from 'pg';
import { FOLLOW_SETTLE_MS } from '../../services/auth/src/events/trail';
import { loggedIn } from './directory-stack';
import { type Delivered, useEventsStack } from './events-stack';

const { parts, received, asked, admin, verified } = useEventsStack();

interface EventJson {
  id: string;
  type: string;
  subject_user: string | null;
  request_id: string | null;
  actor: { kind: string; id: string | null };
  data: Record<string, unknown>;
}

async function events(query: string): Promise<EventJson[]> {
  const res = await admin('GET', `/admin/v1/events?${query}`);
  expect(res.status).toBe(200);
  return (res.json() as { events: EventJson[] }).events;
}

describe('webhooks and the trail over the admin API', () => {
  it('refuses bad input with a clear 400 before anything is made', async () => {
    const bad: [unknown, RegExp][] = [
      [{ url: 'ftp://example.com/x', event_types: ['load.*'] }, /^url: /],
      [{ url: 'not a url', event_types: ['load.*'] }, /^url: /],
      [{ url: parts.receiverUrl, event_types: [] }, /^event_types: at least one/],
      [{ url: parts.receiverUrl, event_types: ['nope.*'] }, /matches no event type/],
      [{ url: parts.receiverUrl, event_types: ['load.succeded'] }, /is not an event type/],
      [{ url: parts.receiverUrl, event_types: ['load.*'], secret: 'mine' }, /secret/],
      [{ url: parts.receiverUrl, event_types: ['load.*'], description: 'x'.repeat(501) }, /^description: /],
    ];
    for (const [body, error] of bad) {
      const res = await admin('POST', '/admin/v1/webhooks', body);
      expect([res.status, (res.json() as { error: string }).error]).toEqual([400, expect.stringMatching(error)]);
    }
    expect((await admin('POST', '/admin/v1/webhooks', '{"url":')).status).toBe(400);
    for (const query of ['type=nope', 'limit=0', 'limit=201', 'from=yesterday', 'request_id=a%20b']) {
      expect((await admin('GET', `/admin/v1/events?${query}`)).status).toBe(400);
    }
    expect((await admin('GET', '/admin/v1/webhooks/nope')).status).toBe(400);
    expect((await admin('GET', '/admin/v1/webhooks/wh_00000000000000000000000000')).status).toBe(404);
    expect((await admin('DELETE', '/admin/v1/webhooks/wh_00000000000000000000000000')).status).toBe(404);
    expect((await admin('POST', '/admin/v1/webhooks/wh_00000000000000000000000000/rotate-secret')).status).toBe(404);
    expect((await admin('GET', '/admin/v1/webhooks')).json()).toEqual({ webhooks: [] });
    const anonymous = await new Browser(parts.adminUrl).get('/admin/v1/events');
    expect(anonymous.status).toBe(401);
  });

  it('delivers a login, a card, a load and a logout, signed, within 5 s; the trail finds them by request id', async () => {
    const created = await admin('POST', '/admin/v1/webhooks', {
      url: parts.receiverUrl,
      event_types: ['user.*', 'login.*', 'session.*', 'card.*', 'load.*'],
      description: 'the test receiver',
    });
    expect(created.status).toBe(201);
    const hook = created.json() as { id: string; secret: string; enabled: boolean };
    expect(hook).toMatchObject({ id: expect.stringMatching(/^wh_/), secret: expect.stringMatching(/^whsec_/) });
    expect(created.headers.get('location')).toBe(`/admin/v1/webhooks/${hook.id}`);
    const listed = (await admin('GET', '/admin/v1/webhooks')).json() as { webhooks: Record<string, unknown>[] };
    expect(listed.webhooks).toEqual([expect.objectContaining({ id: hook.id, url: parts.receiverUrl, enabled: true })]);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    expect((await admin('GET', `/admin/v1/webhooks/${hook.id}`)).json()).toMatchObject({ id: hook.id });

    const within5s = async (type: string, since: number, match: (d: Delivered) => boolean = () => true) => {
      const got = await until(() => verified(hook.secret).find((d) => d.type === type && match(d)));
      expect(got.at - since).toBeLessThan(5_000);
      return got;
    };

    let since = Date.now();
    const wendy = await loggedIn(parts.stack.url, 'wendy');
    const wendyId = await wendy.userId();
    // The callback's answer is where the session is issued: its request id is the event's.
    const loginRequestId = (await new Browser(parts.stack.url).devLogin('wendy')).headers.get('x-request-id');
    await within5s('user.created', since);
    await within5s('login.succeeded', since);

    since = Date.now();
    const card = await wendy.send('POST', '/cards/', { name: 'wallet' });
    expect(card.status).toBe(201);
    const cardId = (card.json() as { id: number }).id;
    await within5s('card.created', since, (d) => d.data.card_id === cardId);

    since = Date.now();
    const load = await wendy.send('POST', `/cards/${cardId}/load/`, { nonce: 'fake-valid-nonce', amount: '10.00' });
    expect(load.status).toBe(200);
    const loadRequestId = load.headers.get('x-request-id');
    await within5s('load.succeeded', since, (d) => d.data.card_id === cardId);

    // Nothing in the trail holds this session's token or XSRF value, or the webhook's secret.
    const jwt = (await wendy.cookie('JWT')) as string;
    const xsrf = await wendy.xsrf();
    since = Date.now();
    expect((await wendy.send('GET', '/auth/logout')).status).toBe(200);
    await within5s('session.ended', since, (d) => d.data.reason === 'logout');

    // The same events through GET /admin/v1/events: by type prefix and user, and by request id.
    const logins = await events(`type=login.*&user=${encodeURIComponent(wendyId)}`);
    expect(logins.length).toBeGreaterThanOrEqual(2);
    expect(logins.every((e) => e.type.startsWith('login.') && e.subject_user === wendyId)).toBe(true);
    expect(loginRequestId).toMatch(/^[0-9a-f]{32}$/);
    expect(await events(`request_id=${loginRequestId}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'login.succeeded', subject_user: wendyId })]),
    );
    expect(await events(`request_id=${loadRequestId}&type=load.succeeded`)).toEqual([
      expect.objectContaining({ type: 'load.succeeded', subject_user: wendyId, request_id: loadRequestId }),
    ]);

    const blocked = await admin('POST', `/admin/v1/users/${encodeURIComponent(wendyId)}/block`, { reason: 'test' });
    expect(blocked.status).toBe(200);
    const blockRequestId = blocked.headers.get('x-request-id');
    expect(await events(`type=user.blocked&user=${encodeURIComponent(wendyId)}`)).toEqual([
      expect.objectContaining({ request_id: blockRequestId, actor: { kind: 'admin', id: 'operator' } }),
    ]);
    expect((await events(`request_id=${blockRequestId}`)).map((e) => e.type)).toContain('user.blocked');

    // Newest first, in keyset pages without repeats.
    const first = await admin('GET', '/admin/v1/events?limit=2');
    const page1 = first.json() as { events: EventJson[]; next: string };
    expect(page1.events).toHaveLength(2);
    expect(page1.events[0]!.id > page1.events[1]!.id).toBe(true);
    const page2 = (await admin('GET', `/admin/v1/events?limit=2&cursor=${encodeURIComponent(page1.next)}`)).json() as {
      events: EventJson[];
    };
    expect(page2.events[0]!.id < page1.events[1]!.id).toBe(true);

    // Following the trail (the console's live view): what came after an event, oldest first, a page at a time.
    const recent = ((await admin('GET', '/admin/v1/events?limit=5')).json() as { events: EventJson[] }).events;
    const oldest = recent.at(-1)!;
    // A follow answers events once they are FOLLOW_SETTLE_MS old (trail.ts): wait until the newest is.
    await until(() => Date.now() > idTime(recent[0]!.id) + FOLLOW_SETTLE_MS + 10, { ms: 10_000 });
    const newer = (await admin('GET', `/admin/v1/events?limit=2&after=${oldest.id}`)).json() as {
      events: EventJson[];
      next: string | null;
    };
    expect(newer.events.map((e) => e.id)).toEqual([recent[3]!.id, recent[2]!.id]);
    expect(newer.next).toBe(recent[2]!.id);
    const rest = (await admin('GET', `/admin/v1/events?limit=50&after=${newer.next}`)).json() as {
      events: EventJson[];
    };
    expect(rest.events.slice(0, 2).map((e) => e.id)).toEqual([recent[1]!.id, recent[0]!.id]);
    expect((await admin('GET', `/admin/v1/events?after=nope`)).status).toBe(400);
    expect((await admin('GET', `/admin/v1/events?after=${oldest.id}&cursor=${oldest.id}`)).status).toBe(400);

    // Deliveries with their attempts; one sent again carries the same webhook-id.
    const deliveries = (await admin('GET', `/admin/v1/webhooks/${hook.id}/deliveries?limit=200`)).json() as {
      deliveries: { id: number; event_id: string; status: string; attempts: { status_code: number | null }[] }[];
    };
    expect(deliveries.deliveries.length).toBeGreaterThanOrEqual(5);
    const one = deliveries.deliveries.find((d) => d.status === 'delivered');
    expect(one?.attempts[0]?.status_code).toBe(204);
    const before = received.filter((r) => r.headers['webhook-id'] === one!.event_id).length;
    expect((await admin('POST', `/admin/v1/webhooks/${hook.id}/deliveries/${one!.id}/retry`)).status).toBe(204);
    await until(() => received.filter((r) => r.headers['webhook-id'] === one!.event_id).length > before);
    expect((await admin('POST', `/admin/v1/webhooks/${hook.id}/deliveries/999999/retry`)).status).toBe(404);

    // A rotation answers a new secret once; enable answers the endpoint; delete removes it.
    const rotated = (await admin('POST', `/admin/v1/webhooks/${hook.id}/rotate-secret`)).json() as { secret: string };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    expect((await admin('POST', `/admin/v1/webhooks/${hook.id}/enable`)).json()).toMatchObject({ enabled: true });

    const pg = new Client({ connectionString: parts.db.url });
    await pg.connect();
    try {
      const rows = (await pg.query('SELECT * FROM events.events')).rows as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThanOrEqual(6);
      const text = JSON.stringify(rows);
      for (const secret of [jwt, xsrf, hook.secret, rotated.secret, parts.operator, 'fake-valid-nonce']) {
        expect(text).not.toContain(secret);
      }
      for (const row of rows) expect(secretProblem(row.data)).toBeNull();
    } finally {
      await pg.end();
    }

    expect((await admin('DELETE', `/admin/v1/webhooks/${hook.id}`)).status).toBe(204);
    expect((await admin('GET', `/admin/v1/webhooks/${hook.id}`)).status).toBe(404);

    // Every change an admin made to the endpoint is in the trail as admin.action, by the operator.
    const actions = (await events('type=admin.action&actor=operator&limit=200'))
      .filter((e) => e.data.webhook === hook.id)
      .map((e) => e.data.method);
    expect(actions.sort()).toEqual(
      ['create_webhook', 'delete_webhook', 'enable_webhook', 'retry_delivery', 'rotate_webhook_secret'].sort(),
    );
  }, 60_000);

  it('tries a failing receiver again with the same webhook-id; a 410 disables, enable turns it on again', async () => {
    const base = parts.receiverUrl.replace(/\/hooks$/, '');
    const make = async (at: string) => {
      const res = await admin('POST', '/admin/v1/webhooks', { url: `${base}${at}`, event_types: ['card.created'] });
      expect(res.status).toBe(201);
      return res.json() as { id: string; secret: string };
    };
    const flaky = await make('/flaky');
    const gone = await make('/gone');
    const carol = await loggedIn(parts.stack.url, 'carol');
    expect((await carol.send('POST', '/cards/', { name: 'c' })).status).toBe(201);

    // Two 500s, then the third attempt is delivered: one webhook-id on all three, each verified.
    const attempts = await until(() => {
      const got = verified(flaky.secret, '/flaky');
      return got.length >= 3 && got;
    }, 10_000);
    expect(new Set(attempts.map((d) => d.id)).size).toBe(1);
    const flakyDeliveries = (await admin('GET', `/admin/v1/webhooks/${flaky.id}/deliveries`)).json() as {
      deliveries: { status: string; attempts: { status_code: number | null }[] }[];
    };
    expect(flakyDeliveries.deliveries[0]).toMatchObject({ status: 'delivered' });
    expect(flakyDeliveries.deliveries[0]?.attempts.map((a) => a.status_code)).toEqual(
      expect.arrayContaining([500, 500, 204]),
    );

    // A 410 disables the endpoint at once; the admin turns it on again.
    const disabled = await until(async () => {
      const res = await admin('GET', `/admin/v1/webhooks/${gone.id}`);
      const hook = res.json() as { enabled: boolean; disabled_reason: string | null };
      return !hook.enabled && hook;
    }, 10_000);
    expect(disabled.disabled_reason).toEqual(expect.any(String));
    expect(asked.get('/gone')).toBe(1);
    const enabled = await admin('POST', `/admin/v1/webhooks/${gone.id}/enable`);
    expect([enabled.status, (enabled.json() as { enabled: boolean }).enabled]).toEqual([200, true]);
  }, 30_000);
});
