// Linked accounts on the demo page (docs/accounts.md "Linking"): the ways the logged-in user logs in,
// the one this session used marked, "Unlink" for each, and "Link another account" with each provider
// (POST /auth/<provider>/link with the XSRF header, which needs a login at most 5 minutes old, then the
// provider's page). Server text is written as text.
import { call } from './api.js';

const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('identities-message').textContent = text;
};

const when = (iso) => (iso ? new Date(iso).toLocaleString() : 'never');

async function unlink(identity) {
  say('');
  const res = await call('DELETE', `/auth/identities/${encodeURIComponent(identity.id)}`);
  if (res.status === 409) return say('This is your last way to log in: link another account first.');
  if (res.status === 403) return say('Unlinking needs a recent login: log out, log in again, then unlink.');
  if (res.status !== 200) return say(`The account was not unlinked: ${res.body?.error ?? `HTTP ${res.status}`}`);
  const ended = res.body?.ended_sessions;
  const sessions =
    ended === null
      ? ' Your other sessions could not be ended: end them from the session list.'
      : ` Every other session of your account was ended (${ended}).`;
  say(`${identity.provider} account ${identity.name} unlinked.${sessions}`);
  await showIdentities();
}

function row(identity) {
  const item = document.createElement('li');
  item.dataset.id = identity.id;
  const name = document.createElement('strong');
  name.textContent = `${identity.provider}: ${identity.name}`;
  const details = document.createElement('div');
  details.className = 'hint';
  details.textContent = `linked ${when(identity.created_at)}, last login ${when(identity.last_login_at)}`;
  const text = document.createElement('div');
  text.append(name);
  if (identity.current) {
    const mark = document.createElement('em');
    mark.textContent = ' (this session)';
    text.append(mark);
  }
  text.append(details);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Unlink';
  button.addEventListener('click', () => unlink(identity).catch((err) => say(`${err}`)));
  item.append(text, button);
  return item;
}

/**
 * A link starts with a call that carries the session's XSRF header (a plain link or a cross-site page
 * could not), which answers the provider's page to open; its callback comes back to `/`.
 */
async function startLink(name) {
  const res = await call('POST', `/auth/${encodeURIComponent(name)}/link?from=${encodeURIComponent('/')}`);
  if (res.status === 200 && res.body?.url) {
    window.location.assign(res.body.url);
    return;
  }
  say(res.body?.error ?? `The server answered ${res.status}.`);
}

async function showLinkChoices() {
  const res = await fetch('/auth/list');
  const names = res.ok ? await res.json() : [];
  const list = $('identity-link-providers');
  list.replaceChildren();
  // Passkeys are registered, not linked; Telegram's login is a widget of its own.
  for (const name of names.filter((n) => n !== 'passkey' && n !== 'telegram')) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = name;
    button.addEventListener('click', () => startLink(name).catch((err) => say(`${err}`)));
    item.append(button);
    list.append(item);
  }
  list.hidden = false;
}

async function showIdentities() {
  const res = await call('GET', '/auth/identities');
  if (res.status !== 200) return; // not logged in, or no directory: the section stays hidden
  $('identity-list').replaceChildren(...res.body.identities.map(row));
  $('identities').hidden = false;
}

$('identity-link').addEventListener('click', () => showLinkChoices().catch((err) => say(`${err}`)));
showIdentities().catch((err) => say(`Something went wrong: ${err}`));
