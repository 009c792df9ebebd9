// Passkeys on the demo page (README "Passkeys"): "Log in with a passkey" for visitors, and for a
// logged-in user "Register a passkey" with the list of their passkeys. The plain WebAuthn API: the
// server's options are JSON with binary fields in base64url, converted here both ways. A login made for
// an application's authorization goes back to it (continue.js).
import { afterLogin } from './continue.js';

(() => {
  const $ = (id) => document.getElementById(id);
  const xsrf = () => {
    const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
    return m ? decodeURIComponent(m[1]) : '';
  };
  const say = (text) => {
    $('passkey-message').textContent = text;
  };
  const fromB64u = (s) => {
    const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
  };
  const toB64u = (buf) =>
    btoa(String.fromCharCode(...new Uint8Array(buf)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const post = (path, body) =>
    fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf() },
      body: JSON.stringify(body ?? {}),
    });
  const failure = async (res) => (await res.json().catch(() => ({}))).error || `HTTP ${res.status}`;

  async function register() {
    say('');
    const res = await post('/auth/passkey/register/options');
    if (!res.ok) return say(`Cannot register a passkey: ${await failure(res)}`);
    const o = await res.json();
    const credential = await navigator.credentials.create({
      publicKey: {
        ...o,
        challenge: fromB64u(o.challenge),
        user: { ...o.user, id: fromB64u(o.user.id) },
        excludeCredentials: (o.excludeCredentials ?? []).map((c) => ({ ...c, id: fromB64u(c.id) })),
      },
    });
    const r = credential.response;
    const response = credentialJSON(credential, {
      attestationObject: toB64u(r.attestationObject),
      transports: r.getTransports ? r.getTransports() : [],
    });
    const done = await post('/auth/passkey/register/verify', { response });
    if (!done.ok) return say(`The passkey was not registered: ${await failure(done)}`);
    say('Passkey registered.');
    await showList();
  }

  async function login() {
    say('');
    const res = await post('/auth/passkey/login/options');
    if (!res.ok) return say(`Passkey login is not available: ${await failure(res)}`);
    const o = await res.json();
    const credential = await navigator.credentials.get({
      publicKey: {
        ...o,
        challenge: fromB64u(o.challenge),
        allowCredentials: (o.allowCredentials ?? []).map((c) => ({ ...c, id: fromB64u(c.id) })),
      },
    });
    const r = credential.response;
    const response = credentialJSON(credential, {
      authenticatorData: toB64u(r.authenticatorData),
      signature: toB64u(r.signature),
      userHandle: r.userHandle ? toB64u(r.userHandle) : undefined,
    });
    const done = await post('/auth/passkey/login/verify', { response });
    if (!done.ok) return say(`Passkey login failed: ${await failure(done)}`);
    afterLogin(() => window.location.reload());
  }

  /** A credential as the server's JSON expects it: the shared members, and the ceremony's own response. */
  function credentialJSON(credential, ceremonyResponse) {
    return {
      id: credential.id,
      rawId: toB64u(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: { clientDataJSON: toB64u(credential.response.clientDataJSON), ...ceremonyResponse },
    };
  }

  async function remove(id) {
    const res = await post('/auth/passkey/remove', { id });
    say(res.ok ? 'Passkey removed.' : `The passkey was not removed: ${await failure(res)}`);
    await showList();
  }

  async function showList() {
    const res = await fetch('/auth/passkey/list', { headers: { 'X-XSRF-TOKEN': xsrf() } });
    if (!res.ok) return;
    const list = $('passkey-list');
    list.replaceChildren();
    for (const p of await res.json()) {
      const item = document.createElement('li');
      item.dataset.id = p.id;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Remove';
      button.addEventListener('click', () => remove(p.id).catch((err) => say(`${err}`)));
      item.append(`${p.id.slice(0, 12)}… added ${p.created}, last used ${p.last_used ?? 'never'} `, button);
      list.append(item);
    }
    $('passkeys').hidden = false;
  }

  async function start() {
    if (!window.PublicKeyCredential) return;
    const res = await fetch('/auth/list');
    const names = res.ok ? await res.json() : [];
    if (!names.includes('passkey')) return;
    $('passkey-login').hidden = false;
    $('passkey-login').addEventListener('click', () => login().catch((err) => say(`Passkey login failed: ${err}`)));
    $('passkey-register').addEventListener('click', () => register().catch((err) => say(`${err}`)));
    // Answers only with a session: the section sits in the logged-in part of the page.
    await showList();
  }

  start().catch((err) => say(`Something went wrong: ${err}`));
})();
