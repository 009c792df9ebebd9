// The admin page (docs/accounts.md "Administration"), served on the admin listener only: search users,
// open one, block and unblock, end sessions, unlink an identity, export. Every call is the admin API's
// own, with the operator token given above (kept in this tab only) or, without one, the admin's cookie
// session and its XSRF header. Server text is written as text, never as markup. The OpenID provider's
// clients are clients.js's section, the organisations orgs.js's, which call through `call` here.
import { clientsSection } from './clients.js';
import { limitsSection } from './limits.js';
import { orgsSection } from './orgs.js';
import { reconciliationSection } from './reconciliation.js';
import { velocitySection } from './velocity.js';

const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('message').textContent = text;
};
const when = (iso) => (iso ? new Date(iso).toLocaleString() : 'never');

function xsrf() {
  const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : '';
}

async function call(method, path, body) {
  const token = sessionStorage.getItem('gatehouse-admin-token');
  const headers = token ? { Authorization: `Bearer ${token}` } : { 'X-XSRF-TOKEN': xsrf() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  // The clients' routes add RFC 7591's error_description to the error word.
  const why = parsed?.error_description ? `${parsed.error}: ${parsed.error_description}` : parsed?.error;
  if (!res.ok) throw new Error(why ?? `HTTP ${res.status}`);
  return parsed;
}

const userPath = (id) => `/admin/v1/users/${encodeURIComponent(id)}`;
let nextCursor = null;
let current = null;

function cell(text, className) {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function userRow(user) {
  const tr = document.createElement('tr');
  const open = document.createElement('button');
  open.type = 'button';
  open.textContent = 'Open';
  open.addEventListener('click', () => openUser(user.id).catch((err) => say(`${err.message}`)));
  const action = document.createElement('td');
  action.append(open);
  tr.append(
    cell(user.name),
    cell(user.email),
    cell(user.status, user.status === 'blocked' ? 'blocked' : ''),
    cell(user.id, 'id'),
    action,
  );
  return tr;
}

async function search(more = false) {
  say('');
  const params = new URLSearchParams({ query: $('query').value, status: $('status').value });
  if (more && nextCursor) params.set('cursor', nextCursor);
  const page = await call('GET', `/admin/v1/users?${params}`);
  const rows = page.users.map(userRow);
  if (more) $('user-rows').append(...rows);
  else $('user-rows').replaceChildren(...rows);
  nextCursor = page.next;
  $('users').hidden = false;
  $('more').hidden = !nextCursor;
  if (!more && page.users.length === 0) say('No users found.');
}

function item(text, button) {
  const li = document.createElement('li');
  li.textContent = text;
  if (button) li.append(' ', button);
  return li;
}

async function openUser(id) {
  const detail = await call('GET', userPath(id));
  current = detail.user;
  $('user-title').textContent = `${current.name || current.id}`;
  const blocked = current.status === 'blocked' ? `blocked (${current.block_reason})` : 'active';
  $('user-summary').textContent =
    `${current.id}: ${blocked}; email ${current.email || 'none'}; TOTP ${detail.totp_enabled ? 'on' : 'off'}; last login ${when(current.last_login_at)}`;
  $('identities').replaceChildren(
    ...detail.identities.map((identity) => {
      const unlink = document.createElement('button');
      unlink.type = 'button';
      unlink.textContent = 'Unlink';
      unlink.addEventListener('click', () =>
        act('DELETE', `/identities/${encodeURIComponent(identity.id)}`, 'Unlinked.'),
      );
      return item(`${identity.provider}: ${identity.name} (${identity.id})`, unlink);
    }),
  );
  $('sessions').replaceChildren(
    ...detail.sessions.map((s) =>
      item(`${s.provider} from ${s.ip || 'unknown'}, ${s.user_agent || 'unknown device'}, since ${when(s.created_at)}`),
    ),
  );
  $('passkeys').replaceChildren(...detail.passkeys.map((p) => item(`${p.id}, created ${when(p.created_at)}`)));
  $('block').hidden = current.status === 'blocked';
  $('unblock').hidden = current.status !== 'blocked';
  $('exported').hidden = true;
  $('user').hidden = false;
}

async function act(method, suffix, done, body) {
  say('');
  try {
    const answer = await call(method, `${userPath(current.id)}${suffix}`, body);
    const ended = typeof answer?.ended === 'number' ? ` ${answer.ended} session(s) ended.` : '';
    say(`${done}${ended}`);
    await openUser(current.id);
  } catch (err) {
    say(`${err.message}`);
  }
}

$('credentials').addEventListener('submit', (event) => {
  event.preventDefault();
  const token = $('token').value.trim();
  if (token) sessionStorage.setItem('gatehouse-admin-token', token);
  else sessionStorage.removeItem('gatehouse-admin-token');
  $('token').value = '';
  say(token ? 'Using the operator token.' : 'Using your admin session.');
});
$('search').addEventListener('submit', (event) => {
  event.preventDefault();
  search().catch((err) => say(`${err.message}`));
});
$('more').addEventListener('click', () => search(true).catch((err) => say(`${err.message}`)));
$('block').addEventListener('submit', (event) => {
  event.preventDefault();
  act('POST', '/block', 'Blocked.', { reason: $('reason').value }).then(() => {
    $('reason').value = '';
  });
});
$('unblock').addEventListener('click', () => act('POST', '/unblock', 'Unblocked.'));
$('end-sessions').addEventListener('click', () => act('POST', '/sessions/end', 'Done.'));
$('export').addEventListener('click', async () => {
  try {
    const document_ = await call('GET', `${userPath(current.id)}/export`);
    $('exported').textContent = JSON.stringify(document_, null, 2);
    $('exported').hidden = false;
  } catch (err) {
    say(`${err.message}`);
  }
});
clientsSection({ call, say });
orgsSection({ call, say });
// Limits, reconciliation and dispute evidence build their own sections at the end of <main>.
limitsSection({ call, say });
reconciliationSection({ call, say });
velocitySection({ call, say });
