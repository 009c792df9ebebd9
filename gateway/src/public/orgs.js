// Organisations on the demo page (docs/organizations.md "The page"): the logged-in user's
// organisations with their roles, the active one, switching to another (the session's token is signed
// again), creating one, the members of one (roles changed, members removed by whoever may manage them),
// inviting an address, accepting an invitation link (`/#invitation=<token>`: a fragment, so the token is
// never in a request line or a log; kept in this tab until the user is logged in) and leaving. Every
// refusal is the API's own sentence. Server text is written as text.
import { call } from './api.js';

const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('orgs-message').textContent = text;
};
const PENDING = 'gatehouse-invitation';
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const orgPath = (id) => `/auth/orgs/${encodeURIComponent(id)}`;
const why = (res) => res.body?.error ?? `HTTP ${res.status}`;

let active = null;
let open = null;

function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', () => onClick().catch((err) => say(`Something went wrong: ${err}`)));
  return b;
}

/** An invitation link opened here: kept in this tab (through a login) and taken out of the address bar. */
function keepInvitation() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('invitation');
  if (!token) return;
  if (TOKEN.test(token)) sessionStorage.setItem(PENDING, token);
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
}

function showInvitation() {
  $('org-invitation').hidden = !sessionStorage.getItem(PENDING);
}

async function accept() {
  const token = sessionStorage.getItem(PENDING);
  if (!token) return;
  const res = await call('POST', `/auth/invitations/${encodeURIComponent(token)}/accept`);
  // Spent, expired or not ours: nothing more to do with this link either way.
  sessionStorage.removeItem(PENDING);
  showInvitation();
  if (res.status !== 200) return say(`The invitation was not accepted: ${why(res)}`);
  say(`You joined ${res.body.name} as ${res.body.roles.join(', ')}.`);
  await showOrgs();
}

function orgItem(org) {
  const li = document.createElement('li');
  li.dataset.orgId = org.id;
  const text = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = `${org.name} (${org.slug})`;
  const roles = document.createElement('div');
  roles.className = 'hint';
  roles.textContent = `${org.roles.join(', ')}${org.id === active ? ' · active' : ''}`;
  text.append(name, roles);
  li.append(text);
  if (org.id !== active) {
    li.append(
      button('Switch to it', async () => {
        const res = await call('POST', `${orgPath(org.id)}/switch`);
        if (res.status !== 200) return say(`Not switched: ${why(res)}`);
        active = org.id;
        say(`Now working in ${org.name}.`);
        await showOrgs();
      }),
    );
  }
  li.append(
    button('Members', () => showMembers(org)),
    button('Leave', async () => {
      if (!window.confirm(`Leave ${org.name}? You are logged out everywhere and log in again.`)) return;
      const res = await call('POST', `${orgPath(org.id)}/leave`);
      if (res.status !== 204) return say(`You did not leave: ${why(res)}`);
      say(`You left ${org.name}: log in again.`);
      window.setTimeout(() => window.location.reload(), 1500);
    }),
  );
  return li;
}

function memberRow(org, member) {
  const tr = document.createElement('tr');
  tr.dataset.userId = member.user_id;
  const roles = document.createElement('input');
  roles.value = member.roles.join(', ');
  roles.setAttribute('aria-label', `Roles of ${member.name || member.user_id}`);
  const rolesCell = document.createElement('td');
  rolesCell.append(roles);
  const name = document.createElement('td');
  name.textContent = member.name || member.user_id;
  const actions = document.createElement('td');
  actions.append(
    button('Save roles', async () => {
      const list = roles.value
        .split(',')
        .map((r) => r.trim())
        .filter((r) => r && r !== 'owner');
      const res = await call('PUT', `${orgPath(org.id)}/members/${encodeURIComponent(member.user_id)}`, {
        body: { roles: list },
      });
      if (res.status !== 200) return say(`Roles not changed: ${why(res)}`);
      roles.value = res.body.roles.join(', ');
      say(`Roles of ${member.name || member.user_id}: ${res.body.roles.join(', ')}.`);
    }),
    button('Remove', async () => {
      if (!window.confirm(`Remove ${member.name || member.user_id} from ${org.name}?`)) return;
      const res = await call('DELETE', `${orgPath(org.id)}/members/${encodeURIComponent(member.user_id)}`);
      if (res.status !== 204) return say(`Not removed: ${why(res)}`);
      say(`${member.name || member.user_id} removed.`);
      await showMembers(org);
    }),
  );
  tr.append(name, rolesCell, actions);
  return tr;
}

async function showMembers(org, after = '') {
  const res = await call('GET', `${orgPath(org.id)}/members?${new URLSearchParams({ after })}`);
  if (res.status !== 200) return say(`Members not shown: ${why(res)}`);
  open = org;
  $('org-members-title').textContent = `Members of ${org.name}`;
  const rows = res.body.members.map((m) => memberRow(org, m));
  if (after) $('org-member-list').append(...rows);
  else $('org-member-list').replaceChildren(...rows);
  const more = $('org-members-next');
  more.hidden = !res.body.next;
  more.onclick = () => showMembers(org, res.body.next).catch((err) => say(`${err}`));
  $('org-invite-link').hidden = true;
  $('org-members').hidden = false;
}

async function showOrgs() {
  const res = await call('GET', '/auth/orgs');
  if (res.status !== 200) return false; // not logged in, or no directory: the section stays hidden
  const user = await call('GET', '/auth/user');
  active = user.body?.attrs?.org ?? active;
  const orgs = res.body.organizations;
  $('org-list').replaceChildren(...orgs.map(orgItem));
  $('orgs-empty').hidden = orgs.length > 0;
  $('orgs').hidden = false;
  showInvitation();
  return true;
}

$('org-create').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target;
  const body = { name: form.elements.name.value.trim(), slug: form.elements.slug.value.trim() };
  call('POST', '/auth/orgs', { body })
    .then(async (res) => {
      if (res.status !== 201) return say(`Not created: ${why(res)}`);
      form.reset();
      say(`${res.body.name} created: you are its owner.`);
      await showOrgs();
    })
    .catch((err) => say(`${err}`));
});

$('org-invite').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target;
  const roles = form.elements.roles.value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const body = { email: form.elements.email.value.trim(), roles };
  call('POST', `${orgPath(open.id)}/invitations`, { body })
    .then((res) => {
      if (res.status !== 201) return say(`Not invited: ${why(res)}`);
      form.reset();
      // With no sender configured (pnpm start), the inviter passes the link on; otherwise it was mailed.
      if (res.body.token) {
        $('org-invite-url').textContent = `${window.location.origin}/#invitation=${res.body.token}`;
        $('org-invite-link').hidden = false;
        say(`Invitation for ${res.body.email} made: pass the link on.`);
      } else say(`Invitation sent to ${res.body.email}.`);
    })
    .catch((err) => say(`${err}`));
});

$('org-accept').addEventListener('click', () => accept().catch((err) => say(`${err}`)));

keepInvitation();
showOrgs().catch((err) => say(`Something went wrong: ${err}`));
