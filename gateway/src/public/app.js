// The demo page: lists the providers, shows the logged-in user and their cards, logs out. A module,
// so its parts (api.js, cards.js) load as same-origin files under the page's CSP. Sent here by an
// application's authorization to log in (`continue`, continue.js), it goes back there after the login.
import { xsrf } from './api.js';
import { showCards } from './cards.js';
import { afterLogin, codePromptPath, continuePath, loginFrom } from './continue.js';

const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('message').textContent = text;
};

async function showProviders() {
  const res = await fetch('/auth/list');
  const names = res.ok ? await res.json() : [];
  const list = $('providers');
  list.replaceChildren();
  for (const name of names) {
    if (name === 'passkey' || name === 'password') continue; // passkeys.js and passwords.js have their own
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/auth/${encodeURIComponent(name)}/login?from=${encodeURIComponent(loginFrom())}`;
    link.textContent = name;
    if (name === 'telegram') link.addEventListener('click', telegramLogin);
    item.append(link);
    list.append(item);
  }
  if (names.length === 0) say('No login provider is configured.');
  $('anonymous').hidden = false;
}

/** Sent by an application's authorization: say so, and offer the way back (continue.js checked it). */
function showContinue() {
  const path = continuePath();
  if (!path) return;
  $('continue-link').href = path;
  $('continue').hidden = false;
}

async function showUser() {
  showContinue();
  const res = await fetch('/auth/user', { headers: { 'X-XSRF-TOKEN': xsrf() } });
  if (!res.ok) return showProviders();
  // Logged in already, yet the application asks for another login (a fresher one, or two factors).
  if (continuePath()) await showProviders();
  const user = await res.json();
  $('name').textContent = user.name;
  $('details').textContent = JSON.stringify(user, null, 2);
  if (user.picture) $('avatar').src = user.picture;
  $('user').hidden = false;
  await showCards();
}

// Telegram: the bot asks the user to confirm (Confirm button), so the page shows the bot link and
// waits; in code mode (the answer says confirm: "code") the bot sends a code the user types here.
async function telegramLogin(event) {
  event.preventDefault();
  const res = await fetch('/auth/telegram/login');
  if (!res.ok) return say('Telegram login is not available.');
  const { bot, token, confirm } = await res.json();
  const link = document.createElement('a');
  link.href = `https://t.me/${encodeURIComponent(bot)}?start=${encodeURIComponent(token)}`;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = `Open @${bot} in Telegram and press Start`;
  if (confirm === 'code') return askTelegramCode(token, link);
  $('message').replaceChildren(link);
  const deadline = Date.now() + 10 * 60 * 1000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 2000));
    const check = await fetch(`/auth/telegram/login?token=${encodeURIComponent(token)}`);
    if (check.ok) return loggedIn(check);
    const { error } = await check.json().catch(() => ({}));
    // Cancelled in Telegram, or gone: polling on would never succeed.
    if (error === 'request is not found') return say('The Telegram login was cancelled; try again.');
    if (error === 'request expired') break;
  }
  say('The Telegram login request expired; try again.');
}

/**
 * A login answered in JSON: the code prompt when TOTP is on (README "Second factor (TOTP)"), else the
 * authorization it was made for, else the user's page.
 */
async function loggedIn(res) {
  const body = await res.json().catch(() => ({}));
  if (body.second_factor === 'totp') return window.location.assign(codePromptPath());
  afterLogin(() => window.location.assign('/'));
}

function askTelegramCode(token, link) {
  const form = document.createElement('form');
  const input = document.createElement('input');
  Object.assign(input, { inputMode: 'numeric', autocomplete: 'one-time-code', maxLength: 6, required: true });
  input.pattern = '[0-9]{6}';
  input.placeholder = 'six-digit code';
  input.setAttribute('aria-label', 'Telegram code');
  const submit = document.createElement('button');
  submit.type = 'submit';
  submit.textContent = 'Log in';
  const status = document.createElement('p');
  status.textContent = 'Then enter the code the bot sends you.';
  form.append(input, ' ', submit);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const query = `token=${encodeURIComponent(token)}&code=${encodeURIComponent(input.value.trim())}`;
    const check = await fetch(`/auth/telegram/login?${query}`);
    if (check.ok) return loggedIn(check);
    const { error, attempts_left: left } = await check.json().catch(() => ({}));
    if (error === 'wrong code') status.textContent = `Wrong code; ${left} attempt(s) left.`;
    else if (error === 'code is required' || error === 'request is not verified yet')
      status.textContent = 'Press Start in Telegram first, then enter the code the bot sends.';
    else {
      form.remove();
      status.textContent = `${error || 'The login failed'}. Start the Telegram login again.`;
    }
  });
  $('message').replaceChildren(link, form, status);
  input.focus();
}

$('logout').addEventListener('click', async () => {
  const res = await fetch('/auth/logout', { headers: { 'X-XSRF-TOKEN': xsrf() } });
  if (!res.ok) say('Logout failed.');
  window.location.reload();
});

showUser().catch((err) => say(`Something went wrong: ${err}`));
