// Sessions per device on the demo page (README "Sessions per device"): the logged-in user's live
// sessions, this browser's marked, each with "Log out this device", and "Log out all other devices".
// Everything the server sends is written as text, never as markup (a User-Agent is the client's to choose).
import { call } from './api.js';

const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('sessions-message').textContent = text;
};

/** A short name for a User-Agent: browser and system when recognisable, else the header itself. */
export function describeAgent(ua) {
  if (!ua) return 'Unknown device';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrom(e|ium)\//, 'Chrome'],
      [/Safari\//, 'Safari'],
      [/^curl\//, 'curl'],
    ].find(([re]) => re.test(ua))?.[1] ?? '';
  const system =
    [
      [/Android/, 'Android'],
      [/iPhone|iPad/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ].find(([re]) => re.test(ua))?.[1] ?? '';
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || ua.slice(0, 80);
}

const when = (iso) => new Date(iso).toLocaleString();

async function logOut(session) {
  say('');
  const res = await call('DELETE', `/auth/sessions/${encodeURIComponent(session.id)}`);
  if (res.status !== 204) return say(`The device was not logged out: ${res.body?.error ?? `HTTP ${res.status}`}`);
  // This browser's own session: logged out, like the Log out button.
  if (session.current) return window.location.reload();
  say('Device logged out.');
  await showSessions();
}

async function logOutOthers() {
  say('');
  const res = await call('POST', '/auth/sessions/revoke-others');
  if (res.status !== 204)
    return say(`The other devices were not logged out: ${res.body?.error ?? `HTTP ${res.status}`}`);
  say('All other devices logged out.');
  await showSessions();
}

function row(session) {
  const item = document.createElement('li');
  item.dataset.id = session.id;
  if (session.current) item.classList.add('current');
  const name = document.createElement('strong');
  name.textContent = describeAgent(session.user_agent);
  name.title = session.user_agent;
  const details = document.createElement('div');
  details.className = 'hint';
  const where = session.ip ? `${session.ip}, ` : '';
  details.textContent = `${where}via ${session.provider}; logged in ${when(session.created_at)}, last active ${when(session.last_seen_at)}`;
  const text = document.createElement('div');
  text.append(name);
  if (session.current) {
    const mark = document.createElement('em');
    mark.className = 'this-device';
    mark.textContent = ' (this device)';
    text.append(mark);
  }
  text.append(details);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Log out this device';
  button.addEventListener('click', () => logOut(session).catch((err) => say(`${err}`)));
  item.append(text, button);
  return item;
}

async function showSessions() {
  const res = await call('GET', '/auth/sessions');
  if (res.status !== 200) return; // not logged in: the section stays hidden
  const { sessions } = res.body;
  $('session-list').replaceChildren(...sessions.map(row));
  $('sessions-revoke-others').hidden = !sessions.some((s) => !s.current);
  $('sessions').hidden = false;
}

$('sessions-revoke-others').addEventListener('click', () => logOutOthers().catch((err) => say(`${err}`)));
// Another part of the page ended sessions (turning two-factor authentication on: totp.js).
document.addEventListener('gatehouse:sessions-changed', () => showSessions().catch((err) => say(`${err}`)));
showSessions().catch((err) => say(`Something went wrong: ${err}`));
