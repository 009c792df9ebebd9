// The admin console's shell (docs/admin-console.md), served on the admin listener only: sign-in, the
// navigation and a hash router (#/overview, #/users/<id>, ...) that shows one view of views.js at a time.
// Every view calls the admin API through api.js with the caller's own credentials; the console holds
// nothing itself.
import { hasToken, setToken } from './api.js';
import { $, el, failed, say, takeFlash } from './ui.js';
import { VIEWS } from './views.js';

let current = null;
let routed = 0;

function nav() {
  $('nav').replaceChildren(
    ...VIEWS.map((v) => el('li', {}, el('a', { href: `#/${v.name}`, dataset: { view: v.name } }, v.title))),
  );
}

function signedInAs() {
  $('who').textContent = hasToken() ? 'Operator token (this tab)' : 'Your admin session';
}

async function route() {
  // #/<view>/<path...>?<filters>: the filters a view was opened with (Activity of one user, say).
  const [pathPart, search = ''] = location.hash.replace(/^#\/?/, '').split('?');
  const parts = (pathPart || 'overview').split('/').map(decodeURIComponent);
  const view = VIEWS.find((v) => v.name === parts[0]) ?? VIEWS[0];
  for (const a of $('nav').querySelectorAll('a')) {
    if (a.dataset.view === view.name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  current?.hide?.();
  current = null;
  // A fresh container per route: a view still loading when the operator moves on writes into a
  // detached one, never over the next view.
  const root = el('div', { className: 'view' }, el('p', { className: 'loading' }, 'Loading…'));
  $('view').replaceChildren(root);
  say(takeFlash());
  const asked = ++routed;
  try {
    const module = (await view.load()).default;
    if (asked !== routed) return;
    current = module;
    document.title = `${view.title} · Gatehouse admin`;
    root.replaceChildren();
    await module.show(root, parts.slice(1).filter(Boolean), new URLSearchParams(search));
  } catch (err) {
    if (asked === routed) failed(err);
  }
}

$('credentials').addEventListener('submit', (event) => {
  event.preventDefault();
  const token = $('token').value.trim();
  setToken(token);
  $('token').value = '';
  signedInAs();
  // route() clears the status line before its first await; the sign-in's word is said after that.
  route();
  say(token ? 'Using the operator token.' : 'Using your admin session.');
});
$('nav-toggle').addEventListener('click', () => {
  const open = $('nav-toggle').getAttribute('aria-expanded') !== 'true';
  $('nav-toggle').setAttribute('aria-expanded', String(open));
  $('nav').classList.toggle('open', open);
});
window.addEventListener('hashchange', () => {
  $('nav').classList.remove('open');
  $('nav-toggle').setAttribute('aria-expanded', 'false');
  route();
});
nav();
signedInAs();
route();
