// Activity: the audit trail (GET /admin/v1/events), newest first, filtered by type (or a prefix such as
// login.*), user, actor, time range and request id, keyset pages ("More"); and a live view that asks
// every 2 s for what came after the newest event shown (`after=`, oldest first), keeping only ids above
// it, newest on top.
import { call, query } from './api.js';
import { el, failed, field, link, say, when } from './ui.js';

const POLL_MS = 2000;
let timer = null;

const actorText = (a) => (a.id ? `${a.kind} ${a.id}` : a.kind);

function eventRow(e) {
  const data = JSON.stringify(e.data);
  return el(
    'tr',
    { dataset: { eventId: e.id, type: e.type } },
    el('td', {}, el('time', { datetime: e.time }, when(e.time))),
    el('td', {}, e.type),
    el('td', { className: 'id' }, actorText(e.actor)),
    el(
      'td',
      { className: 'id' },
      e.subject_user ? link(`#/users/${encodeURIComponent(e.subject_user)}`, e.subject_user) : '',
    ),
    el('td', { className: 'id' }, e.request_id ?? ''),
    el('td', { className: 'id' }, e.client_address ?? ''),
    el('td', { className: 'data' }, data === '{}' ? '' : data),
  );
}

/** The trail as a table, newest first (also the user page's recent activity). */
export function eventsTable(events, body = el('tbody', {}, events.map(eventRow))) {
  return el(
    'div',
    { className: 'table-wrap' },
    el(
      'table',
      { className: 'events' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ['Time', 'Type', 'Actor', 'User', 'Request', 'Address', 'Data'].map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      body,
    ),
  );
}

/** A datetime-local value as RFC 3339 (the browser's zone), '' for none. */
const rfc3339 = (local) => (local ? new Date(local).toISOString() : '');

async function show(root, _path, params) {
  const inputs = {
    type: el('input', {
      id: 'activity-type',
      maxlength: 100,
      placeholder: 'login.* or user.blocked',
      autocomplete: 'off',
    }),
    user: el('input', { id: 'activity-user', maxlength: 200, autocomplete: 'off' }),
    actor: el('input', { id: 'activity-actor', maxlength: 200, autocomplete: 'off' }),
    from: el('input', { id: 'activity-from', type: 'datetime-local' }),
    to: el('input', { id: 'activity-to', type: 'datetime-local' }),
    request_id: el('input', { id: 'activity-request', maxlength: 128, autocomplete: 'off' }),
  };
  for (const key of ['type', 'user', 'actor', 'request_id']) inputs[key].value = params.get(key) ?? '';
  const live = el('input', { id: 'activity-live', type: 'checkbox' });
  const body = el('tbody', { id: 'event-rows' });
  const more = el('button', { type: 'button', hidden: true }, 'More events');
  const liveNote = el('span', { className: 'muted', role: 'status' });
  let cursor = null;
  let newest = '';

  const filters = () => ({
    type: inputs.type.value.trim(),
    user: inputs.user.value.trim(),
    actor: inputs.actor.value.trim(),
    from: rfc3339(inputs.from.value),
    to: rfc3339(inputs.to.value),
    request_id: inputs.request_id.value.trim(),
  });

  async function load(next = false) {
    const page = await call('GET', `/admin/v1/events${query({ ...filters(), cursor: next ? cursor : '' })}`);
    const rows = page.events.map(eventRow);
    if (next) body.append(...rows);
    else {
      body.replaceChildren(...rows);
      newest = page.events[0]?.id ?? '';
    }
    cursor = page.next;
    more.hidden = !cursor;
    if (!next && page.events.length === 0) say('No events match.');
  }

  async function poll() {
    const page = await call('GET', `/admin/v1/events${query({ ...filters(), after: newest, limit: 200 })}`);
    // `after` answers oldest first; ULIDs sort by time, so anything above the newest shown is new, newest
    // on top, whichever order the page came in (or if `after` was not honoured at all).
    const fresh = page.events.filter((e) => e.id > newest).sort((a, b) => (a.id < b.id ? 1 : -1));
    if (fresh.length > 0) {
      newest = fresh[0].id;
      body.prepend(...fresh.map(eventRow));
      for (const tr of body.querySelectorAll('tr.fresh')) tr.classList.remove('fresh');
      for (const tr of [...body.children].slice(0, fresh.length)) tr.classList.add('fresh');
    }
    liveNote.textContent = `Following: checked ${new Date().toLocaleTimeString()}`;
  }

  function follow(on) {
    clearInterval(timer);
    timer = null;
    liveNote.textContent = on ? 'Following new events…' : '';
    if (!on) return;
    timer = setInterval(() => {
      poll().catch((err) => {
        failed(err);
        live.checked = false;
        follow(false);
      });
    }, POLL_MS);
  }
  live.addEventListener('change', () => follow(live.checked));
  more.addEventListener('click', () => load(true).catch(failed));

  root.append(
    el('h1', {}, 'Activity'),
    el(
      'form',
      {
        className: 'filters',
        id: 'activity-filters',
        onsubmit: (e) => {
          e.preventDefault();
          load().catch(failed);
        },
      },
      field('Type', inputs.type),
      field('User', inputs.user),
      field('Actor', inputs.actor),
      field('From', inputs.from),
      field('To', inputs.to),
      field('Request id', inputs.request_id),
      el('button', { type: 'submit' }, 'Filter'),
      el('label', { className: 'inline' }, live, ' Follow live'),
      liveNote,
    ),
    eventsTable([], body),
    more,
  );
  await load();
}

function hide() {
  clearInterval(timer);
  timer = null;
}

export default { title: 'Activity', show, hide };
