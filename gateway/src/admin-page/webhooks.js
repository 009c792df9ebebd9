// Webhooks: the endpoints with their state; create one (its secret shown this once); an endpoint's page
// (#/webhooks/<id>) to edit its event types and description, rotate its secret (shown once; the old one
// signs beside it for 24 h), disable it with a reason or enable it again (after the dispatcher or an
// admin disabled it), delete it, and read its recent deliveries (status, attempts, the receiver's
// answer) with a retry for each.
import { call, enc } from './api.js';
import {
  button,
  confirmAction,
  el,
  failed,
  field,
  link,
  navigate,
  row,
  say,
  secretBox,
  section,
  table,
  when,
} from './ui.js';

const hookPath = (id) => `/admin/v1/webhooks/${enc(id)}`;
const disablePath = (id) => `/admin/v1/webhooks/${enc(id)}/disable`;
const types = (text) =>
  text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);

function state(w) {
  if (!w.enabled) return `disabled${w.disabled_reason ? ` (${w.disabled_reason})` : ''}`;
  return w.failing_since ? `failing since ${when(w.failing_since)}` : 'enabled';
}

async function list(root) {
  const { webhooks } = await call('GET', '/admin/v1/webhooks');
  const url = el('input', { id: 'webhook-url', type: 'url', required: true, maxlength: 2048 });
  const eventTypes = el('input', {
    id: 'webhook-types',
    required: true,
    placeholder: 'login.* user.blocked',
    value: '*',
  });
  const description = el('input', { id: 'webhook-description', maxlength: 500 });
  const secret = el('div');
  const form = el(
    'form',
    {
      className: 'filters',
      id: 'new-webhook',
      onsubmit: (e) => {
        e.preventDefault();
        call('POST', '/admin/v1/webhooks', {
          url: url.value.trim(),
          event_types: types(eventTypes.value),
          description: description.value,
        })
          .then(async (made) => {
            form.reset();
            root.replaceChildren();
            await list(root);
            root.prepend(secretBox(`The signing secret of ${made.id}, shown this once:`, made.secret));
            say(`Webhook ${made.id} created.`);
          })
          .catch(failed);
      },
    },
    field('URL', url),
    field('Event types (space or comma separated)', eventTypes),
    field('Description', description),
    el('button', { type: 'submit' }, 'Create webhook'),
  );
  root.append(
    el('h1', {}, 'Webhooks'),
    secret,
    webhooks.length === 0
      ? el('p', { className: 'muted' }, 'No endpoints yet.')
      : table(
          ['Endpoint', 'Event types', 'State', 'Description', 'Created'],
          webhooks,
          (w) =>
            row(
              [
                link(`#/webhooks/${enc(w.id)}`, w.url),
                w.event_types.join(' '),
                el('td', { className: w.enabled && !w.failing_since ? '' : 'blocked' }, state(w)),
                w.description,
                when(w.created_at),
              ],
              { dataset: { webhookId: w.id } },
            ),
          { id: 'webhooks' },
        ),
    section('New endpoint', form),
  );
}

function deliveryRow(w, d, refresh) {
  const last = d.attempts.at(-1);
  const answerText = last ? (last.status_code === null ? (last.error ?? 'no answer') : `HTTP ${last.status_code}`) : '';
  return row(
    [
      el('td', { className: 'id' }, String(d.id)),
      d.event_type,
      el('td', { className: d.status === 'failed' ? 'blocked' : '' }, d.status),
      String(d.attempts.length),
      answerText,
      last ? when(last.at) : '',
      d.next_attempt_at ? when(d.next_attempt_at) : '',
      el(
        'td',
        {},
        button('Retry', async () => {
          await call('POST', `${hookPath(w.id)}/deliveries/${enc(String(d.id))}/retry`);
          say(`Delivery ${d.id} queued again.`);
          setTimeout(() => refresh().catch(failed), 1000);
        }),
      ),
    ],
    { dataset: { deliveryId: String(d.id), status: d.status } },
  );
}

/** The endpoint's subscription and description, saved with PATCH; a refusal is shown in the API's words. */
function editForm(w, refresh) {
  const eventTypes = el('input', { id: 'edit-webhook-types', required: true, value: w.event_types.join(' ') });
  const description = el('input', { id: 'edit-webhook-description', maxlength: 500, value: w.description });
  const form = el(
    'form',
    {
      className: 'filters',
      id: 'edit-webhook',
      onsubmit: (e) => {
        e.preventDefault();
        call('PATCH', hookPath(w.id), { event_types: types(eventTypes.value), description: description.value })
          .then(async () => {
            await refresh();
            say('Saved: events from now on follow the new types.');
          })
          .catch(failed);
      },
    },
    field('Event types (space or comma separated)', eventTypes),
    field('Description', description),
    el('button', { type: 'submit' }, 'Save'),
  );
  return section('Edit event types', form);
}

async function detail(root, id) {
  const [w, { deliveries }] = await Promise.all([
    call('GET', hookPath(id)),
    call('GET', `${hookPath(id)}/deliveries?limit=50`),
  ]);
  const refresh = async (note) => {
    root.replaceChildren();
    await detail(root, id);
    if (note) root.prepend(note);
  };
  const actions = el(
    'div',
    { className: 'actions' },
    button('Rotate secret', async () => {
      const ok = await confirmAction({
        title: 'Rotate the signing secret?',
        text: 'A new secret is shown once; the old one keeps signing beside it for 24 hours.',
        action: 'Rotate',
      });
      if (!ok) return;
      const { secret } = await call('POST', `${hookPath(id)}/rotate-secret`);
      await refresh(secretBox(`The new signing secret of ${id}, shown this once:`, secret));
      say('Secret rotated.');
    }),
    w.enabled
      ? button('Disable', async () => {
          const ok = await confirmAction({
            title: 'Disable this endpoint?',
            text: 'Events made while it is disabled are not delivered to it; its pending deliveries wait until it is enabled again.',
            action: 'Disable',
            reason: true,
          });
          if (!ok) return;
          await call('POST', disablePath(id), { reason: ok.reason });
          await refresh();
          say('Disabled.');
        })
      : button('Enable', async () => {
          await call('POST', `${hookPath(id)}/enable`);
          await refresh();
          say('Enabled: its stopped deliveries go now.');
        }),
    button(
      'Delete',
      async () => {
        const ok = await confirmAction({
          title: 'Delete this endpoint?',
          text: 'It and its deliveries are removed.',
          action: 'Delete',
        });
        if (!ok) return;
        await call('DELETE', hookPath(id));
        navigate('#/webhooks', 'Webhook deleted.');
      },
      { className: 'danger' },
    ),
  );
  root.append(
    el('p', {}, link('#/webhooks', '← Webhooks')),
    el('h1', {}, w.url),
    el(
      'dl',
      { className: 'facts' },
      el('dt', {}, 'Id'),
      el('dd', { className: 'id' }, w.id),
      el('dt', {}, 'Event types'),
      el('dd', {}, w.event_types.join(' ')),
      el('dt', {}, 'State'),
      el('dd', { id: 'webhook-state' }, state(w)),
      el('dt', {}, 'Description'),
      el('dd', {}, w.description || '—'),
      el('dt', {}, 'Created'),
      el('dd', {}, when(w.created_at)),
    ),
    actions,
    editForm(w, refresh),
    section(
      'Recent deliveries',
      deliveries.length === 0
        ? el('p', { className: 'muted' }, 'None yet.')
        : table(
            ['Delivery', 'Event', 'Status', 'Attempts', 'Last answer', 'Last attempt', 'Next attempt', ''],
            deliveries,
            (d) => deliveryRow(w, d, refresh),
            { id: 'deliveries' },
          ),
      button('Reload deliveries', () => refresh()),
    ),
  );
}

export default {
  title: 'Webhooks',
  show: (root, path) => (path[0] ? detail(root, path[0]) : list(root)),
};
