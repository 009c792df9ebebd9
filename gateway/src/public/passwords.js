// Password accounts on the demo page (docs/password-accounts.md): log in, sign up and "forgot password"
// for a visitor; the links the messages carry (`#password-verify=...`, `#password-reset=...`, in the
// fragment, which no server sees); for a logged-in user, a change of password or of address. Every
// answer of the server is written as text, never as markup.
import { call } from './api.js';
import { afterLogin, codePromptPath } from './continue.js';

const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('password-message').textContent = text;
};
const fields = (form) => Object.fromEntries(new FormData(form).entries());
const refusal = (res) => res.body?.error ?? (res.status === 0 ? 'no answer from the server' : `HTTP ${res.status}`);

async function post(route, body) {
  return call('POST', `/auth/password/${route}`, { body });
}

function on(id, handler) {
  $(id).addEventListener('submit', async (event) => {
    event.preventDefault();
    say('');
    await handler(event.target);
  });
}

function visitor() {
  $('password-forms').hidden = false;
  on('password-login', async (form) => {
    const res = await post('login', fields(form));
    if (res.status !== 200) return say(`Not logged in: ${refusal(res)}`);
    if (res.body?.second_factor === 'totp') return window.location.assign(codePromptPath());
    afterLogin(() => window.location.assign('/'));
  });
  on('password-signup', async (form) => {
    const res = await post('signup', fields(form));
    say(res.status === 202 ? res.body.message : `Not signed up: ${refusal(res)}`);
  });
  on('password-forgot', async (form) => {
    const res = await post('reset/start', fields(form));
    say(res.status === 202 ? res.body.message : `Not sent: ${refusal(res)}`);
  });
}

/** A message's link: verified at once, or the new-password form of a reset (or an invitation). */
async function followLink() {
  const m = /^#password-(verify|reset)=([A-Za-z0-9_-]{1,200})$/.exec(window.location.hash);
  if (!m) return;
  // The token leaves the address bar (and the history) at once.
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  const [, kind, token] = m;
  if (kind === 'verify') {
    const res = await post('verify', { token });
    if (res.status !== 200) return say(`Not verified: ${refusal(res)}`);
    return say(res.body.email_changed ? 'Your new address is confirmed.' : 'Your address is confirmed: log in.');
  }
  $('password-reset').hidden = false;
  on('password-reset-form', async (form) => {
    const res = await post('reset/complete', { token, password: fields(form).password });
    if (res.status !== 200) return say(`The password was not set: ${refusal(res)}`);
    $('password-reset').hidden = true;
    say('Your password is set, and every session of your account was ended: log in with it.');
  });
}

function member() {
  $('password-account').hidden = false;
  on('password-change', async (form) => {
    const res = await post('change', fields(form));
    if (res.status !== 200) return say(`Not changed: ${refusal(res)}`);
    form.reset();
    say(`Password changed; ${res.body.other_sessions_ended} other session(s) ended.`);
  });
  // A user of another provider sets a password: a password identity linked to them.
  on('password-add', async (form) => {
    const res = await post('add', fields(form));
    if (res.status !== 202) return say(`Not added: ${refusal(res)}`);
    form.reset();
    say(res.body.message);
  });
  on('password-email', async (form) => {
    const res = await post('email', fields(form));
    say(res.status === 202 ? res.body.message : `Not sent: ${refusal(res)}`);
  });
}

async function start() {
  const listed = await fetch('/auth/list');
  const names = listed.ok ? await listed.json() : [];
  if (!names.includes('password')) return;
  await followLink();
  const user = await call('GET', '/auth/user');
  if (user.status === 200) member();
  else visitor();
}

// A link opened where the page already is (only the fragment changes): the page starts again with it.
window.addEventListener('hashchange', () => {
  if (window.location.hash.startsWith('#password-')) window.location.reload();
});

start().catch((err) => say(`Something went wrong: ${err}`));
