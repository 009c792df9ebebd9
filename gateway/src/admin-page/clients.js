// The admin page's OpenID clients (docs/openid-provider.md "Clients"): list them, make one (a web app, a
// single-page or native app, or a service), give one a new secret, delete one. Every call is the admin
// API's own, through api.js's `call` (its credentials). A secret is shown once, in the page only, and
// is gone at the next list. Server text is written as text, never as markup.

import { call } from './api.js';
import { say } from './ui.js';

const $ = (id) => document.getElementById(id);

/** What each kind of client the form offers is, in RFC 7591's names. */
const KINDS = {
  confidential: {
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'client_secret_basic',
  },
  public: { grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none' },
  service: {
    grant_types: ['client_credentials'],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_basic',
  },
};

const kindOf = (client) => {
  if (client.token_endpoint_auth_method === 'none') return 'public';
  if (!client.grant_types.includes('authorization_code')) return 'service';
  return client.token_endpoint_auth_method;
};

const clientPath = (id) => `/admin/v1/clients/${encodeURIComponent(id)}`;
const hasSecret = (client) => ['client_secret_basic', 'client_secret_post'].includes(client.token_endpoint_auth_method);

export function clientsSection({ call, say }) {
  function showSecret(answer) {
    $('client-secret-title').textContent = `The secret of ${answer.client_id}, shown this once:`;
    $('client-secret').textContent = answer.client_secret;
    $('client-secret-box').hidden = false;
  }

  function button(text, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.addEventListener('click', () => onClick().catch((err) => say(`${err.message}`)));
    return b;
  }

  function row(client) {
    const tr = document.createElement('tr');
    tr.dataset.clientId = client.client_id;
    const cells = [client.client_name ?? '', client.client_id, kindOf(client), (client.redirect_uris ?? []).join(' ')];
    for (const text of cells) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    const actions = document.createElement('td');
    if (hasSecret(client)) {
      actions.append(
        button('Rotate secret', async () => {
          if (!window.confirm(`A new secret for ${client.client_id}? The old one stops working at once.`)) return;
          showSecret(await call('POST', `${clientPath(client.client_id)}/rotate-secret`));
          say('Secret rotated.');
        }),
      );
    }
    actions.append(
      button('Delete', async () => {
        if (!window.confirm(`Delete ${client.client_id} and every token issued to it?`)) return;
        await call('DELETE', clientPath(client.client_id));
        await list();
        say('Client deleted.');
      }),
    );
    tr.append(actions);
    return tr;
  }

  async function list() {
    const { clients } = await call('GET', '/admin/v1/clients');
    $('client-rows').replaceChildren(...clients.map(row));
    $('client-table').hidden = false;
    if (clients.length === 0) say('No clients yet.');
  }

  $('list-clients').addEventListener('click', () => {
    $('client-secret-box').hidden = true;
    list().catch((err) => say(`${err.message}`));
  });

  $('new-client').addEventListener('submit', (event) => {
    event.preventDefault();
    say('');
    const kind = $('client-kind').value;
    const redirects = $('client-redirects')
      .value.split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const metadata = { client_name: $('client-name').value, ...KINDS[kind] };
    if (kind !== 'service') metadata.redirect_uris = redirects;
    const scope = $('client-scope').value.trim();
    if (scope) metadata.scope = scope;
    if ($('client-first-party').checked) metadata.first_party = true;
    call('POST', '/admin/v1/clients', metadata)
      .then(async (made) => {
        if (made.client_secret) showSecret(made);
        $('new-client').reset();
        await list();
        say(`Client ${made.client_id} created.`);
      })
      .catch((err) => say(`${err.message}`));
  });
}

/** The section's fixed markup (no server text in it): made into elements once per showing. */
const MARKUP = `
<section id="clients" aria-labelledby="clients-title">
  <h1 id="clients-title">OpenID clients</h1>
  <button id="list-clients" type="button">List clients</button>
  <table id="client-table" hidden>
    <thead><tr><th>Name</th><th>Client id</th><th>Kind</th><th>Redirect URIs</th><th></th></tr></thead>
    <tbody id="client-rows"></tbody>
  </table>
  <form id="new-client">
    <label>Name <input id="client-name" maxlength="200" required></label>
    <label>Kind
      <select id="client-kind">
        <option value="confidential">web app (confidential, code + PKCE)</option>
        <option value="public">single-page or native app (public, PKCE)</option>
        <option value="service">service (client_credentials)</option>
      </select>
    </label>
    <label>Redirect URIs, one a line (exact, no wildcards)
      <textarea id="client-redirects" rows="2" cols="40"></textarea></label>
    <label>Scope <input id="client-scope" placeholder="openid profile email"></label>
    <label><input id="client-first-party" type="checkbox"> First party (no consent page)</label>
    <button type="submit">Create client</button>
  </form>
  <div id="client-secret-box" hidden>
    <p id="client-secret-title"></p>
    <pre id="client-secret"></pre>
  </div>
</section>
`;

export default {
  title: 'OpenID clients',
  show(root) {
    const template = document.createElement('template');
    template.innerHTML = MARKUP;
    root.append(template.content);
    clientsSection({ call, say });
  },
};
