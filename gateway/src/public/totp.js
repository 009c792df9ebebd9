// TOTP second factor on the demo page (README "Second factor (TOTP)"): for a logged-in user, set up an
// authenticator app (QR code drawn by the gateway as SVG, the key as text), turn it on with a first
// code and see the recovery codes once, get new ones (the old stop working), or turn it off; turning it
// on and new codes log the other sessions out, and the page says so; for a login that waits for a code
// (/?second_factor=totp), the code prompt, which goes back to an application's authorization after the
// code when the login was made for one (continue.js).
import { continuePath } from './continue.js';

(() => {
  const $ = (id) => document.getElementById(id);
  const xsrf = () => {
    const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
    return m ? decodeURIComponent(m[1]) : '';
  };
  const send = (method, path, body, manual = false) =>
    fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf() },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: manual ? 'manual' : 'follow',
    });
  const failure = async (res) => (await res.json().catch(() => ({}))).error || `HTTP ${res.status}`;
  const minutes = (res) => Math.max(1, Math.ceil(Number(res.headers.get('Retry-After') || '60') / 60));
  /** Six digits are a code; anything else is taken for a recovery code. */
  const factor = (text) => {
    const value = text.trim();
    return /^\d{3}\s?\d{3}$/.test(value) ? { code: value.replace(/\s/g, '') } : { recovery_code: value };
  };

  // --- A logged-in user: status, setup, recovery codes, turning off.
  const say = (text) => {
    $('totp-message').textContent = text;
  };

  async function showStatus() {
    const res = await fetch('/auth/totp', { headers: { 'X-XSRF-TOKEN': xsrf() } });
    if (!res.ok) return;
    const status = await res.json();
    if (!status.enabled && !status.available) return;
    $('totp').hidden = false;
    $('totp-status').textContent = status.enabled
      ? `Two-factor authentication is on (${status.recovery_codes_left} recovery codes left).`
      : 'Two-factor authentication is off.';
    $('totp-setup').hidden = status.enabled;
    $('totp-disable').hidden = !status.enabled;
    $('totp-renew').hidden = !status.enabled;
    $('totp-enrol').hidden = true;
  }

  $('totp-setup').addEventListener('click', async () => {
    say('');
    const res = await send('POST', '/auth/totp/setup');
    if (!res.ok) return say(`Cannot set up two-factor authentication: ${await failure(res)}`);
    const { secret, qr_svg: svg } = await res.json();
    // The gateway's SVG (paths only, no script) becomes nodes of this page; never HTML from elsewhere.
    const drawn = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
    drawn.setAttribute('role', 'img');
    drawn.setAttribute('aria-label', 'QR code for your authenticator app');
    $('totp-qr').replaceChildren(document.importNode(drawn, true));
    $('totp-secret').textContent = secret;
    $('totp-enrol').hidden = false;
    $('totp-setup').hidden = true;
    $('totp-activate-code').focus();
  });

  /**
   * What a change of the second factor did to the user's other sessions: every one but this browser's
   * was ended (a session stolen before must not live on), or, when that could not be done now, where to
   * do it. The session list on the page is read again.
   */
  function othersEnded(ended) {
    document.dispatchEvent(new Event('gatehouse:sessions-changed'));
    if (ended === null) return ' Your other sessions could not be logged out now: log them out under Sessions.';
    if (ended === 0) return ' You have no other sessions.';
    return ` Your ${ended === 1 ? 'other session was' : `${ended} other sessions were`} logged out: each device logs in again.`;
  }

  /** The recovery codes, shown once (text nodes only). */
  function showCodes(codes) {
    $('totp-recovery-codes').replaceChildren(
      ...codes.map((code) => {
        const item = document.createElement('li');
        item.textContent = code;
        return item;
      }),
    );
    $('totp-recovery').hidden = false;
  }

  $('totp-activate').addEventListener('submit', async (event) => {
    event.preventDefault();
    const res = await send('POST', '/auth/totp/activate', { code: $('totp-activate-code').value.trim() });
    if (res.status === 429) return say(`Too many wrong codes: try again in ${minutes(res)} minutes.`);
    if (!res.ok) return say(`Not turned on: ${await failure(res)}`);
    const done = await res.json();
    showCodes(done.recovery_codes);
    $('totp-activate-code').value = '';
    say(`Two-factor authentication is on.${othersEnded(done.other_sessions_ended)}`);
    await showStatus();
  });

  $('totp-disable').addEventListener('submit', async (event) => {
    event.preventDefault();
    const res = await send('DELETE', '/auth/totp', factor($('totp-disable-code').value));
    if (res.status === 429) return say(`Too many wrong codes: try again in ${minutes(res)} minutes.`);
    if (!res.ok) return say(`Not turned off: ${await failure(res)}`);
    $('totp-disable-code').value = '';
    $('totp-recovery').hidden = true;
    say('Two-factor authentication is off.');
    await showStatus();
  });

  $('totp-renew').addEventListener('submit', async (event) => {
    event.preventDefault();
    const res = await send('POST', '/auth/totp/recovery-codes', factor($('totp-renew-code').value));
    if (res.status === 429) return say(`Too many wrong codes: try again in ${minutes(res)} minutes.`);
    if (!res.ok) return say(`No new recovery codes: ${await failure(res)}`);
    const done = await res.json();
    showCodes(done.recovery_codes);
    $('totp-renew-code').value = '';
    say(`New recovery codes: the earlier ones no longer work.${othersEnded(done.other_sessions_ended)}`);
    await showStatus();
  });

  // --- A login waiting for its code.
  const prompt = (text) => {
    $('totp-prompt-message').textContent = text;
  };
  let recovery = false;

  $('totp-use-recovery').addEventListener('click', () => {
    recovery = !recovery;
    const input = $('totp-code');
    input.value = '';
    input.inputMode = recovery ? 'text' : 'numeric';
    input.autocomplete = recovery ? 'off' : 'one-time-code';
    $('totp-code-label').textContent = recovery ? 'Recovery code' : 'Code from your authenticator app';
    $('totp-use-recovery').textContent = recovery ? 'Use a code from the app' : 'Use a recovery code';
    input.focus();
  });

  $('totp-verify').addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = $('totp-code').value.trim();
    const back = continuePath();
    const res = await send(
      'POST',
      '/auth/totp/verify',
      recovery ? { recovery_code: value } : { code: value },
      back !== null,
    );
    // For an authorization, the 303 to it is not followed by fetch (it would go on to the application's
    // origin): the page goes there itself.
    if (back && (res.ok || res.type === 'opaqueredirect')) return window.location.assign(back);
    // 303 to the login's `from`: fetch has followed it; the page goes there itself.
    if (res.ok) return window.location.assign(res.redirected ? res.url : '/');
    if (res.status === 429) return prompt(`Too many wrong codes: try again in ${minutes(res)} minutes.`);
    if (res.status === 401) {
      $('totp-verify').hidden = true;
      return prompt('This login has expired: log in again.');
    }
    prompt(`Not accepted: ${await failure(res)}`);
  });

  if (new URLSearchParams(window.location.search).get('second_factor') === 'totp') {
    $('totp-prompt').hidden = false;
    $('totp-code').focus();
  } else {
    showStatus().catch(() => {});
  }
})();
