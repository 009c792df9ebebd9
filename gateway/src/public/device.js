// The user-code page of devices without a browser (RFC 8628, docs/openid-provider.md "Devices without a
// browser"): the device shows a code and this page's address. The user logs in, sees which application
// asks for what, and approves or denies it through the same API a script calls (GET and POST
// /auth/device, with the XSRF header).
import { call } from './api.js';

const $ = (id) => document.getElementById(id);
const given = new URLSearchParams(window.location.search).get('user_code') ?? '';

const SCOPE_WORDS = {
  openid: 'know who you are (your Gatehouse user id)',
  profile: 'see your name and picture',
  email: 'see your email address',
  offline_access: 'stay signed in when you are not using it',
  organization: 'see your organisation and your roles there',
};

let shownCode = '';

const say = (text) => {
  $('device-message').textContent = text;
};

/** A refusal as a sentence: the API's own words (no such code, expired, used...), or what the status means. */
function problem({ status, body }) {
  if (status === 0) return 'No answer from the server: check your connection.';
  if (status === 401) return 'Your session has ended: reload the page and log in again.';
  if (status === 429) return 'Too many wrong codes: wait a few minutes, then try again.';
  const text = typeof body?.error === 'string' ? body.error : `the server answered ${status}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** No session: the providers, each coming back here with the code. */
async function showLogin() {
  const back = given ? `/device?user_code=${encodeURIComponent(given)}` : '/device';
  const res = await fetch('/auth/list');
  const names = res.ok ? await res.json() : [];
  const list = $('providers');
  for (const name of names) {
    if (name === 'passkey' || name === 'telegram') continue; // their logins are the / page's scripts
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/auth/${encodeURIComponent(name)}/login?from=${encodeURIComponent(back)}`;
    link.textContent = name;
    item.append(link);
    list.append(item);
  }
  const other = document.createElement('li');
  const home = document.createElement('a');
  home.href = '/';
  home.textContent = 'another way (the Gatehouse page), then come back';
  other.append(home);
  list.append(other);
  $('device-login').hidden = false;
}

function scopeItems(request) {
  const items = request.scopes.map((s) => SCOPE_WORDS[s] ?? `use "${s}"`);
  for (const r of request.resources) items.push(`call ${r.uri} as you (${r.scopes.join(', ') || 'no scope'})`);
  return items.map((text) => {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
  });
}

async function lookUp(code) {
  say('');
  const res = await call('GET', `/auth/device?user_code=${encodeURIComponent(code)}`);
  if (res.status !== 200) return say(problem(res));
  shownCode = res.body.user_code;
  $('device-client').textContent = res.body.client_name;
  $('device-scopes').replaceChildren(...scopeItems(res.body));
  $('device-shown-code').textContent = shownCode;
  $('device-enter').hidden = true;
  $('device-confirm').hidden = false;
}

async function decide(action) {
  say('');
  const res = await call('POST', '/auth/device', { body: { user_code: shownCode, action } });
  if (res.status !== 200) return say(problem(res));
  $('device-confirm').hidden = true;
  const done = $('device-done');
  done.textContent =
    res.body.status === 'approved'
      ? `Approved: ${res.body.client_name} on your device is signed in as you. You can close this page.`
      : `Denied: ${res.body.client_name} was not given access.`;
  done.hidden = false;
}

async function start() {
  const me = await call('GET', '/auth/user');
  if (me.status !== 200) return showLogin();
  $('device-user').textContent = me.body.name;
  $('device-code').value = given;
  $('device-enter').hidden = false;
  if (given) await lookUp(given);
}

$('device-form').addEventListener('submit', (event) => {
  event.preventDefault();
  lookUp($('device-code').value.trim()).catch((err) => say(`Something went wrong: ${err}`));
});
$('device-approve').addEventListener('click', () => decide('approve'));
$('device-deny').addEventListener('click', () => decide('deny'));

start().catch((err) => say(`Something went wrong: ${err}`));
