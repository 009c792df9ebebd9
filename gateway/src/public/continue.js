// Where a login made on this page goes next (docs/openid-provider.md "Logging in"): an application's
// authorization sends a person here to log in another way (`/?continue=/oidc/interaction/<id>`); after a
// passkey, a provider, Telegram or the TOTP code, the page goes back to that authorization. Only a path
// of this site under /oidc/interaction/ is followed: never another origin or path (an open redirect).

const INTERACTION = /^\/oidc\/interaction\/[A-Za-z0-9_-]{1,64}$/;

/** The authorization this page's login is for, or null. */
export function continuePath() {
  const value = new URLSearchParams(window.location.search).get('continue');
  if (!value || !INTERACTION.test(value)) return null;
  const url = new URL(value, window.location.origin);
  return url.origin === window.location.origin && url.pathname === value ? value : null;
}

/** Where a provider's login comes back to (its `from`): the authorization, else the page. */
export function loginFrom() {
  return continuePath() ?? '/';
}

/** The code prompt of a login waiting for its TOTP code, keeping the authorization to go back to. */
export function codePromptPath() {
  const path = continuePath();
  return path ? `/?second_factor=totp&continue=${encodeURIComponent(path)}` : '/?second_factor=totp';
}

/** After a login made on the page: back to the authorization when there is one; else `otherwise()`. */
export function afterLogin(otherwise) {
  const path = continuePath();
  if (path) window.location.assign(path);
  else otherwise();
}
