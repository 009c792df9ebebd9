// Recent activity on the demo page (docs/events.md): the logged-in user's own security events from the
// audit trail (logins with device and address, sessions ended, TOTP, passkeys, linked accounts), newest
// first. Everything the server sends is written as text, never as markup. A failed login comes without
// the sender's browser (the server leaves out what somebody else typed), with the address it came from.
import { call } from './api.js';
import { describeAgent } from './sessions.js';

const $ = (id) => document.getElementById(id);

const WHAT = {
  'login.succeeded': 'Logged in',
  'login.failed': 'Login refused',
  'login.rate_limited': 'Login attempts slowed down',
  'session.ended': 'Session ended',
  'totp.enabled': 'Two-factor authentication turned on',
  'totp.disabled': 'Two-factor authentication turned off',
  'totp.recovery_codes_renewed': 'New recovery codes',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'identity.linked': 'Account linked',
  'identity.unlinked': 'Account unlinked',
};

/** What happened, with its one useful detail (the provider, or why a session ended). */
function describe(event) {
  const what = WHAT[event.type] ?? event.type;
  const detail = event.data.provider ?? event.data.reason;
  return typeof detail === 'string' ? `${what} (${detail})` : what;
}

function row(event) {
  const item = document.createElement('li');
  item.dataset.type = event.type;
  const name = document.createElement('strong');
  name.textContent = describe(event);
  const details = document.createElement('div');
  details.className = 'hint';
  const where = [event.user_agent ? describeAgent(event.user_agent) : '', event.client_address ?? '']
    .filter(Boolean)
    .join(', ');
  details.textContent = `${new Date(event.time).toLocaleString()}${where ? `, ${where}` : ''}`;
  item.append(name, details);
  return item;
}

async function showActivity() {
  const res = await call('GET', '/auth/events?limit=20');
  if (res.status !== 200) return; // not logged in, or no trail: the section stays hidden
  $('activity-list').replaceChildren(...res.body.events.map(row));
  $('activity').hidden = false;
}

// Another part of the page changed something the trail records.
document.addEventListener('gatehouse:sessions-changed', () => showActivity().catch(() => {}));
showActivity().catch(() => {});
