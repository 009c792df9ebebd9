// An endpoint edited and disabled by hand over the admin API (issue 48, docs/events.md) through real
// auth, payment and a gateway with its admin listener: PATCH /admin/v1/webhooks/{id} changes what is
// delivered (a type taken off is no longer delivered, one added is, a new url gets them) and answers
// the endpoint as GET does; POST .../disable stops deliveries until .../enable; bad input is a 400 in
// words, an unknown endpoint a 404; every change is an admin.action by the operator. Each answer is
// checked against the admin OpenAPI document.
import { until } from '@gatehouse/test-kit/until';
import { loggedIn } from './directory-stack';
import { useEventsStack } from './events-stack';

const { parts, admin, verified } = useEventsStack();
const UNKNOWN = 'wh_00000000000000000000000000';

interface Hook {
  id: string;
  url: string;
  event_types: string[];
  description: string;
  enabled: boolean;
  disabled_reason: string | null;
}

const errorOf = (res: { json(): unknown }) => (res.json() as { error: string }).error;
const quiet = () => new Promise((resolve) => setTimeout(resolve, 1_500));

describe('editing and disabling a webhook over the admin API', () => {
  it('refuses bad edits with a clear 400, an unknown endpoint with 404, and changes nothing', async () => {
    const made = await admin('POST', '/admin/v1/webhooks', {
      url: parts.receiverUrl,
      event_types: ['card.*'],
      description: 'kept',
    });
    expect(made.status).toBe(201);
    const { secret: _secret, ...hook } = made.json() as Hook & { secret: string };
    const path = `/admin/v1/webhooks/${hook.id}`;
    const bad: [unknown, RegExp][] = [
      [{}, /at least one of url, event_types, description/],
      [{ url: 'ftp://example.com/x' }, /^url: /],
      [{ url: 'https://user:pw@example.com/x' }, /^url: no user or password/],
      [{ event_types: [] }, /^event_types: at least one/],
      [{ event_types: ['load.succeded'] }, /is not an event type/],
      [{ event_types: ['nope.*'] }, /matches no event type/],
      [{ description: 'x'.repeat(501) }, /^description: /],
      [{ secret: 'whsec_mine' }, /secret/],
    ];
    for (const [body, error] of bad) {
      const res = await admin('PATCH', path, body);
      expect([res.status, errorOf(res)]).toEqual([400, expect.stringMatching(error)]);
    }
    expect((await admin('PATCH', path, '{"url":')).status).toBe(400);
    expect((await admin('PATCH', `/admin/v1/webhooks/${UNKNOWN}`, { description: 'x' })).status).toBe(404);
    expect((await admin('PATCH', '/admin/v1/webhooks/nope', { description: 'x' })).status).toBe(400);
    expect((await admin('POST', `/admin/v1/webhooks/${UNKNOWN}/disable`)).status).toBe(404);
    const long = await admin('POST', `${path}/disable`, { reason: 'x'.repeat(501) });
    expect([long.status, errorOf(long)]).toEqual([400, expect.stringMatching(/^reason: /)]);
    // Nothing was changed by any of them:
    expect((await admin('GET', path)).json()).toEqual(hook);
    expect((await admin('DELETE', path)).status).toBe(204);
  });

  it('an edit changes what is delivered; disable stops deliveries and enable resumes them', async () => {
    const base = parts.receiverUrl.replace(/\/hooks$/, '');
    const made = await admin('POST', '/admin/v1/webhooks', { url: `${base}/edit-a`, event_types: ['card.created'] });
    expect(made.status).toBe(201);
    const { id, secret } = made.json() as Hook & { secret: string };
    const path = `/admin/v1/webhooks/${id}`;
    const dana = await loggedIn(parts.stack.url, 'dana');
    const newCard = async () => {
      const res = await dana.send('POST', '/cards/', { name: 'c' });
      expect(res.status).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const loadOnto = async (cardId: number) =>
      expect(
        (await dana.send('POST', `/cards/${cardId}/load/`, { nonce: 'fake-valid-nonce', amount: '1.00' })).status,
      ).toBe(200);
    const typesAt = (at: string) => verified(secret, at).map((d) => d.type);

    const first = await newCard();
    await until(() => typesAt('/edit-a').length === 1);

    // Subscribed to load.* instead, at a new url: the answer is the endpoint as GET shows it.
    const patched = await admin('PATCH', path, {
      url: `${base}/edit-b`,
      event_types: ['load.*'],
      description: 'loads only',
    });
    expect(patched.status).toBe(200);
    expect(patched.json()).toMatchObject({
      id,
      url: `${base}/edit-b`,
      event_types: ['load.*'],
      description: 'loads only',
      enabled: true,
    });
    expect((await admin('GET', path)).json()).toEqual(patched.json());
    await newCard();
    await loadOnto(first);
    await until(() => typesAt('/edit-b').length === 1);
    await quiet();
    expect(typesAt('/edit-a')).toEqual(['card.created']);
    expect(typesAt('/edit-b')).toEqual(['load.succeeded']);

    // A description alone leaves the subscription as it is.
    expect((await admin('PATCH', path, { description: 'renamed' })).json()).toMatchObject({
      event_types: ['load.*'],
      description: 'renamed',
    });

    // Disabled by hand with a reason: a load meanwhile is not delivered, not even once it is enabled.
    const disabled = await admin('POST', `${path}/disable`, { reason: 'receiver moving' });
    expect([disabled.status, disabled.json()]).toEqual([
      200,
      expect.objectContaining({ enabled: false, disabled_reason: 'receiver moving' }),
    ]);
    await loadOnto(first);
    await quiet();
    expect(typesAt('/edit-b')).toHaveLength(1);
    const enabled = await admin('POST', `${path}/enable`);
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null });
    await loadOnto(first);
    await until(() => typesAt('/edit-b').length === 2);
    await quiet();
    expect(typesAt('/edit-b')).toEqual(['load.succeeded', 'load.succeeded']);

    // Disable without a body: the default reason.
    expect((await admin('POST', `${path}/disable`)).json()).toMatchObject({
      enabled: false,
      disabled_reason: 'disabled by an admin',
    });

    const trail = (await admin('GET', '/admin/v1/events?type=admin.action&actor=operator&limit=200')).json() as {
      events: { data: { method: string; webhook?: string; fields?: string[] } }[];
    };
    const mine = trail.events.filter((e) => e.data.webhook === id).map((e) => e.data);
    expect(mine.reverse()).toEqual([
      { method: 'create_webhook', webhook: id },
      { method: 'update_webhook', webhook: id, fields: ['url', 'event_types', 'description'] },
      { method: 'update_webhook', webhook: id, fields: ['description'] },
      { method: 'disable_webhook', webhook: id },
      { method: 'enable_webhook', webhook: id },
      { method: 'disable_webhook', webhook: id },
    ]);
  }, 60_000);
});
