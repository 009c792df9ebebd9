// The admin page's organisations (docs/organizations.md "Administration"): find them by name or slug
// prefix, make one for a user, open one to see its members and invitations, set a member's roles, remove
// a member, revoke an invitation, let unverified addresses accept, delete it (with confirmation; with its
// members only when the admin confirms that too). Every call is the admin API's own, through admin.js's
// `call` (its credentials). Server text is written as text, never as markup.

import { call } from './api.js';
import { say } from './ui.js';

const $ = (id) => document.getElementById(id);
const orgPath = (ref) => `/admin/v1/orgs/${encodeURIComponent(ref)}`;
const when = (iso) => (iso ? new Date(iso).toLocaleString() : '');

function cell(text, className) {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

export function orgsSection({ call, say }) {
  let nextOrgs = null;
  let nextMembers = null;
  let current = null;

  const failed = (err) => say(`${err.message}`);
  function button(text, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.addEventListener('click', () => onClick().catch(failed));
    return b;
  }

  function orgRow(org) {
    const tr = document.createElement('tr');
    tr.dataset.orgId = org.id;
    const action = document.createElement('td');
    action.append(button('Show', () => openOrg(org.id)));
    tr.append(cell(org.name), cell(org.slug), cell(String(org.members)), cell(org.id, 'id'), action);
    return tr;
  }

  async function find(more = false) {
    say('');
    const params = new URLSearchParams({ query: $('org-query').value });
    if (more && nextOrgs) params.set('cursor', nextOrgs);
    const page = await call('GET', `/admin/v1/orgs?${params}`);
    const rows = page.organizations.map(orgRow);
    if (more) $('org-rows').append(...rows);
    else $('org-rows').replaceChildren(...rows);
    nextOrgs = page.next;
    $('org-table').hidden = false;
    $('org-more').hidden = !nextOrgs;
    if (!more && page.organizations.length === 0) say('No organisations found.');
  }

  function memberRow(member) {
    const tr = document.createElement('tr');
    tr.dataset.userId = member.user_id;
    const roles = document.createElement('input');
    roles.value = member.roles.join(', ');
    roles.setAttribute('aria-label', `Roles of ${member.user_id}`);
    roles.size = 24;
    const rolesCell = document.createElement('td');
    rolesCell.append(roles);
    const actions = document.createElement('td');
    actions.append(
      button('Save roles', async () => {
        const list = roles.value
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean);
        const res = await call('PUT', `${orgPath(current.id)}/members/${encodeURIComponent(member.user_id)}`, {
          roles: list,
        });
        roles.value = res.roles.join(', ');
        say(`Roles of ${member.user_id}: ${res.roles.join(', ')}.`);
      }),
      button('Remove', async () => {
        if (!window.confirm(`Remove ${member.user_id} from ${current.slug}? Their sessions end.`)) return;
        await call('DELETE', `${orgPath(current.id)}/members/${encodeURIComponent(member.user_id)}`);
        await openOrg(current.id);
        say(`${member.user_id} removed.`);
      }),
    );
    tr.append(cell(member.name), cell(member.user_id, 'id'), rolesCell, cell(when(member.joined_at)), actions);
    return tr;
  }

  function invitationItem(inv) {
    const li = document.createElement('li');
    li.textContent = `${inv.email} as ${inv.roles.join(', ')}, by ${inv.inviter}, until ${when(inv.expires_at)} `;
    li.append(
      button('Revoke', async () => {
        await call('DELETE', `${orgPath(current.id)}/invitations/${encodeURIComponent(inv.id)}`);
        await openOrg(current.id);
        say('Invitation revoked.');
      }),
    );
    return li;
  }

  function summary(org) {
    $('org-title').textContent = `${org.name} (${org.slug})`;
    $('org-summary').textContent =
      `${org.id}: ${org.members} member(s), created by ${org.created_by} ${when(org.created_at)}`;
    $('org-allow').checked = org.allow_unverified_invitations;
  }

  async function openOrg(id) {
    const d = await call('GET', orgPath(id));
    current = d.organization;
    summary(current);
    $('org-member-rows').replaceChildren(...d.members.map(memberRow));
    nextMembers = d.members_next;
    $('org-members-more').hidden = !nextMembers;
    $('org-invitations').replaceChildren(...d.invitations.map(invitationItem));
    $('org-no-invitations').hidden = d.invitations.length > 0;
    $('org').hidden = false;
  }

  $('org-search').addEventListener('submit', (event) => {
    event.preventDefault();
    find().catch(failed);
  });
  $('org-more').addEventListener('click', () => find(true).catch(failed));

  $('org-members-more').addEventListener('click', () => {
    const params = new URLSearchParams({ cursor: nextMembers ?? '' });
    call('GET', `${orgPath(current.id)}/members?${params}`)
      .then((page) => {
        $('org-member-rows').append(...page.members.map(memberRow));
        nextMembers = page.next;
        $('org-members-more').hidden = !nextMembers;
      })
      .catch(failed);
  });

  $('org-allow').addEventListener('change', () => {
    const allow = $('org-allow').checked;
    call('PATCH', orgPath(current.id), { allow_unverified_invitations: allow })
      .then((org) => {
        current = org;
        summary(org);
        say(allow ? 'Unverified addresses may accept invitations.' : 'Invitations need a verified address.');
      })
      .catch(failed);
  });

  $('org-delete').addEventListener('click', () => {
    const org = current;
    const members = org.members > 0 ? ` and remove its ${org.members} member(s), whose sessions end` : '';
    if (!window.confirm(`Delete ${org.slug}${members}? This cannot be undone.`)) return;
    call('DELETE', `${orgPath(org.id)}${org.members > 0 ? '?force=true' : ''}`)
      .then(async (res) => {
        $('org').hidden = true;
        current = null;
        await find();
        say(`${org.slug} deleted (${res.members} member(s) removed).`);
      })
      .catch(failed);
  });

  $('new-org').addEventListener('submit', (event) => {
    event.preventDefault();
    say('');
    const owner = $('org-owner').value.trim();
    const body = { name: $('org-name').value, slug: $('org-slug').value.trim() };
    if (owner) body.owner_id = owner;
    call('POST', '/admin/v1/orgs', body)
      .then(async (org) => {
        $('new-org').reset();
        await openOrg(org.id);
        say(`Organisation ${org.slug} created.`);
      })
      .catch(failed);
  });
}

/** The section's fixed markup (no server text in it): made into elements once per showing. */
const MARKUP = `
<section id="orgs" aria-labelledby="orgs-title">
  <h1 id="orgs-title">Organisations</h1>
  <form id="org-search">
    <label>Organisation name or slug prefix, or an id <input id="org-query" maxlength="100" autocomplete="off"></label>
    <button type="submit">Find organisations</button>
  </form>
  <table id="org-table" hidden>
    <thead><tr><th>Organisation</th><th>Slug</th><th>Members</th><th>Id</th><th></th></tr></thead>
    <tbody id="org-rows"></tbody>
  </table>
  <button id="org-more" type="button" hidden>Next organisations</button>
  <form id="new-org">
    <label>Organisation name <input id="org-name" maxlength="100" required></label>
    <label>Slug <input id="org-slug" maxlength="48" required></label>
    <label>Owner's user id (optional) <input id="org-owner" maxlength="256"></label>
    <button type="submit">Create organisation</button>
  </form>
  <section id="org" hidden aria-labelledby="org-title">
    <h3 id="org-title">Organisation</h3>
    <p id="org-summary"></p>
    <label><input id="org-allow" type="checkbox"> Invitations may be accepted without the invited address verified</label>
    <h4>Members</h4>
    <table>
      <thead><tr><th>Member</th><th>User id</th><th>Roles (comma-separated)</th><th>Joined</th><th></th></tr></thead>
      <tbody id="org-member-rows"></tbody>
    </table>
    <button id="org-members-more" type="button" hidden>Next members</button>
    <h4>Pending invitations</h4>
    <p id="org-no-invitations">None.</p>
    <ul id="org-invitations"></ul>
    <button id="org-delete" type="button" class="danger">Delete organisation</button>
  </section>
</section>
`;

export default {
  title: 'Organisations',
  show(root) {
    const template = document.createElement('template');
    template.innerHTML = MARKUP;
    root.append(template.content);
    orgsSection({ call, say });
  },
};
