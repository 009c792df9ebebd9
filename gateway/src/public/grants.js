// Connected applications on the demo page (docs/openid-provider.md "Consent and grants"): the applications
// the logged-in user let in through Gatehouse's OpenID provider, what each may do and since when, and
// "Remove" for each (DELETE /auth/grants/{id}: its tokens stop working at once, and it asks again next
// time). Server text is written as text.
import { call } from './api.js';

const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('grants-message').textContent = text;
};

const SCOPES = {
  openid: 'who you are',
  profile: 'your name and picture',
  email: 'your email address',
  offline_access: 'stays signed in',
  organization: 'sees your organisation and your roles there',
};

/** What a grant lets its application do, in words. */
function abilities(grant) {
  const words = grant.scopes.map((s) => SCOPES[s] ?? s);
  for (const [uri, scopes] of Object.entries(grant.resources))
    words.push(`${uri} (${scopes.join(', ') || 'no scope'})`);
  return words.join(', ');
}

async function remove(grant) {
  say('');
  const res = await call('DELETE', `/auth/grants/${encodeURIComponent(grant.id)}`);
  if (res.status !== 204) return say(`The application was not removed: ${res.body?.error ?? `HTTP ${res.status}`}`);
  say(`${grant.client_name} removed: it no longer has access, and asks again next time.`);
  await showGrants();
}

function row(grant) {
  const item = document.createElement('li');
  item.dataset.id = grant.id;
  const name = document.createElement('strong');
  name.textContent = grant.client_name;
  const details = document.createElement('div');
  details.className = 'hint';
  details.textContent = `${abilities(grant)}; since ${new Date(grant.created_at).toLocaleString()}`;
  const text = document.createElement('div');
  text.append(name, details);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Remove';
  button.addEventListener('click', () => remove(grant).catch((err) => say(`${err}`)));
  item.append(text, button);
  return item;
}

async function showGrants() {
  const res = await call('GET', '/auth/grants');
  if (res.status !== 200) return; // not logged in, or the OpenID provider is off: the section stays hidden
  const grants = res.body.grants;
  $('grant-list').replaceChildren(...grants.map(row));
  $('grants-empty').hidden = grants.length > 0;
  $('grants').hidden = false;
}

showGrants().catch((err) => say(`Something went wrong: ${err}`));
