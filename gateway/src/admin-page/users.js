// Users: the list on opening (newest first, keyset "More"), searched as one types (name, email prefix
// or an id) and filtered by status and provider; a user's page (#/users/<id>) with identities, passkeys,
// TOTP, live sessions, cards and recent activity, and the actions the admin API offers, each confirmed
// (block asks a reason, erase asks the id typed). The audit line of each is the API's, as ever.

import { eventsTable } from './activity.js';
import { call, enc, query } from './api.js';
import {
  button,
  confirmAction,
  debounce,
  download,
  el,
  failed,
  field,
  link,
  navigate,
  row,
  say,
  section,
  table,
  when,
} from './ui.js';

const userPath = (id) => `/admin/v1/users/${enc(id)}`;

async function list(root) {
  const q = el('input', { id: 'user-query', type: 'search', maxlength: 256, autocomplete: 'off' });
  const status = el(
    'select',
    { id: 'user-status' },
    el('option', { value: '' }, 'any'),
    el('option', { value: 'active' }, 'active'),
    el('option', { value: 'blocked' }, 'blocked'),
  );
  const provider = el('input', { id: 'user-provider', maxlength: 64, autocomplete: 'off', size: 10 });
  const body = el('tbody', { id: 'user-rows' });
  const more = el('button', { type: 'button', hidden: true }, 'More users');
  const count = el('p', { className: 'muted', role: 'status' });
  let cursor = null;
  let asked = 0;

  const userRow = (u) =>
    row(
      [
        link(`#/users/${enc(u.id)}`, u.name || u.id),
        u.email,
        el('td', { className: u.status === 'blocked' ? 'blocked' : '' }, u.status),
        when(u.created_at),
        when(u.last_login_at),
        el('td', { className: 'id' }, u.id),
      ],
      { dataset: { userId: u.id } },
    );

  async function load(next = false) {
    const mine = ++asked;
    const page = await call(
      'GET',
      `/admin/v1/users${query({ query: q.value.trim(), status: status.value, provider: provider.value.trim(), order: 'newest', cursor: next ? cursor : '' })}`,
    );
    if (mine !== asked) return; // a newer search answered first
    const rows = page.users.map(userRow);
    if (next) body.append(...rows);
    else body.replaceChildren(...rows);
    cursor = page.next;
    more.hidden = !cursor;
    count.textContent = body.children.length === 0 ? 'No users found.' : `${body.children.length} shown`;
  }
  const searchSoon = debounce(() => load().catch(failed), 250);
  for (const input of [q, provider]) input.addEventListener('input', searchSoon);
  status.addEventListener('change', () => load().catch(failed));
  more.addEventListener('click', () => load(true).catch(failed));

  root.append(
    el('h1', {}, 'Users'),
    el(
      'form',
      {
        className: 'filters',
        role: 'search',
        onsubmit: (e) => {
          e.preventDefault();
          load().catch(failed);
        },
      },
      field('Name, email prefix or id', q),
      field('Status', status),
      field('Provider', provider),
    ),
    el(
      'div',
      { className: 'table-wrap' },
      el(
        'table',
        { id: 'users' },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            ['Name', 'Email', 'Status', 'Created', 'Last login', 'Id'].map((h) => el('th', { scope: 'col' }, h)),
          ),
        ),
        body,
      ),
    ),
    count,
    more,
  );
  await load();
  q.focus();
}

async function detail(root, id) {
  const d = await call('GET', userPath(id));
  const u = d.user;
  const refresh = async () => {
    root.replaceChildren();
    await detail(root, id);
  };
  // Each action's call is written out where it is made, so test/admin-console-routes.test.ts sees it.
  const act = async (asked, done) => {
    const answer = await asked;
    const ended = typeof answer?.ended === 'number' ? ` ${answer.ended} session(s) ended.` : '';
    await refresh();
    say(`${done}${ended}`);
  };
  const blocked = u.status === 'blocked';
  const actions = el(
    'div',
    { className: 'actions' },
    blocked
      ? button('Unblock', async () => {
          if (
            !(await confirmAction({
              title: `Unblock ${u.name || u.id}?`,
              text: 'They may log in again; ended sessions stay ended.',
              action: 'Unblock',
            }))
          )
            return;
          await act(call('POST', `${userPath(id)}/unblock`), 'Unblocked.');
        })
      : button('Block', async () => {
          const ok = await confirmAction({
            title: `Block ${u.name || u.id}?`,
            text: 'Logins and refreshes are refused and every live session ends on every gateway within a second.',
            action: 'Block',
            reason: true,
          });
          if (ok) await act(call('POST', `${userPath(id)}/block`, { reason: ok.reason }), 'Blocked.');
        }),
    button('End sessions', async () => {
      if (
        !(await confirmAction({
          title: 'End every session?',
          text: `Every live session of ${u.name || u.id} ends.`,
          action: 'End sessions',
        }))
      )
        return;
      await act(call('POST', `${userPath(id)}/sessions/end`), 'Sessions ended.');
    }),
    button('Export', async () => {
      const doc = await call('GET', `${userPath(id)}/export`);
      download(`gatehouse-user-${id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`, doc);
      say('Exported: the file is in your downloads.');
    }),
    button(
      'Erase',
      async () => {
        const ok = await confirmAction({
          title: `Erase ${u.name || u.id}?`,
          text: 'Identities, passkeys, TOTP, sessions and avatars are erased; refused while a card holds money. This cannot be undone.',
          action: 'Erase',
          typed: u.id,
        });
        if (!ok) return;
        await call('DELETE', userPath(id));
        navigate('#/users', `${u.id} erased.`);
      },
      { className: 'danger' },
    ),
  );
  const summary = el(
    'dl',
    { className: 'facts', id: 'user-summary' },
    el('dt', {}, 'Id'),
    el('dd', { className: 'id' }, u.id),
    el('dt', {}, 'Status'),
    el(
      'dd',
      { className: blocked ? 'blocked' : '', dataset: { stat: 'status' } },
      blocked ? `blocked (${u.block_reason})` : 'active',
    ),
    el('dt', {}, 'Email'),
    el(
      'dd',
      {},
      u.email ? `${u.email}${u.email_verified_by ? ` (verified by ${u.email_verified_by})` : ' (unverified)'}` : 'none',
    ),
    el('dt', {}, 'TOTP'),
    el('dd', {}, d.totp_enabled ? 'on' : 'off'),
    el('dt', {}, 'Password'),
    el('dd', {}, d.has_password ? 'set' : 'none'),
    el('dt', {}, 'Created'),
    el('dd', {}, when(u.created_at)),
    el('dt', {}, 'Last login'),
    el('dd', {}, when(u.last_login_at)),
  );
  const identities = table(
    ['Provider', 'Name', 'Email', 'Id', 'Linked', 'Last login', ''],
    d.identities,
    (i) =>
      row(
        [
          i.provider,
          i.name,
          i.email,
          el('td', { className: 'id' }, i.id),
          when(i.created_at),
          when(i.last_login_at),
          el(
            'td',
            {},
            button('Unlink', async () => {
              const ok = await confirmAction({
                title: `Unlink ${i.provider} identity?`,
                text: `${i.id} is removed and every session of the user ends.`,
                action: 'Unlink',
              });
              if (ok) await act(call('DELETE', `${userPath(id)}/identities/${enc(i.id)}`), 'Unlinked.');
            }),
          ),
        ],
        { dataset: { identityId: i.id } },
      ),
    { id: 'identities' },
  );
  const sessions = table(
    ['Device', 'Address', 'Provider', 'Since', 'Last seen'],
    d.sessions,
    (s) =>
      row([s.user_agent || 'unknown device', s.ip || 'unknown', s.provider, when(s.created_at), when(s.last_seen_at)]),
    { id: 'sessions' },
  );
  const passkeys = table(['Passkey', 'Transports', 'Registered', 'Last used'], d.passkeys, (p) =>
    row([el('td', { className: 'id' }, p.id), p.transports.join(', '), when(p.created_at), when(p.last_used_at)]),
  );
  const cards = el('div', {}, el('p', { className: 'muted' }, 'Loading cards…'));
  const activity = el('div', {}, el('p', { className: 'muted' }, 'Loading activity…'));
  root.append(
    el('p', {}, link('#/users', '← Users')),
    el('h1', { id: 'user-title' }, u.name || u.id),
    summary,
    actions,
    section(`Identities (${d.identities.length})`, identities),
    section(`Live sessions (${d.sessions.length})`, sessions),
    section(`Passkeys (${d.passkeys.length})`, passkeys),
    section('Cards', cards),
    section('Recent activity', activity, link(`#/activity?user=${enc(id)}`, 'All of it in Activity')),
  );
  call('GET', `/admin/v1/cards${query({ owner: id })}`)
    .then(({ cards: list }) =>
      cards.replaceChildren(
        list.length === 0
          ? el('p', { className: 'muted' }, 'No cards.')
          : table(['Card', 'Name', 'Balance', 'Held', 'Frozen'], list, (c) =>
              row([
                link(`#/money/${enc(String(c.id))}`, String(c.id)),
                c.name ?? '',
                c.balance,
                c.held ?? '',
                c.frozen ? 'yes' : 'no',
              ]),
            ),
      ),
    )
    .catch((err) => cards.replaceChildren(el('p', { className: 'error' }, err.message)));
  call('GET', `/admin/v1/events${query({ user: id, limit: 20 })}`)
    .then(({ events }) => activity.replaceChildren(eventsTable(events)))
    .catch((err) => activity.replaceChildren(el('p', { className: 'error' }, err.message)));
}

export default {
  title: 'Users',
  show: (root, path) => (path[0] ? detail(root, path[0]) : list(root)),
};
