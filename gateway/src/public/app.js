// The demo page: lists the providers, shows the logged-in user, logs out. Cookie-borne tokens need the
// XSRF header, whose value the XSRF-TOKEN cookie carries.
(() => {
  const $ = (id) => document.getElementById(id);
  const xsrf = () => {
    const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
    return m ? decodeURIComponent(m[1]) : '';
  };
  const say = (text) => {
    $('message').textContent = text;
  };

  async function showProviders() {
    const res = await fetch('/auth/list');
    const names = res.ok ? await res.json() : [];
    const list = $('providers');
    list.replaceChildren();
    for (const name of names) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `/auth/${encodeURIComponent(name)}/login?from=${encodeURIComponent('/')}`;
      link.textContent = name;
      item.append(link);
      list.append(item);
    }
    if (names.length === 0) say('No login provider is configured.');
    $('anonymous').hidden = false;
  }

  async function showUser() {
    const res = await fetch('/auth/user', { headers: { 'X-XSRF-TOKEN': xsrf() } });
    if (!res.ok) return showProviders();
    const user = await res.json();
    $('name').textContent = user.name;
    $('details').textContent = JSON.stringify(user, null, 2);
    if (user.picture) $('avatar').src = user.picture;
    $('user').hidden = false;
  }

  $('logout').addEventListener('click', async () => {
    const res = await fetch('/auth/logout', { headers: { 'X-XSRF-TOKEN': xsrf() } });
    if (!res.ok) say('Logout failed.');
    window.location.reload();
  });

  showUser().catch((err) => say(`Something went wrong: ${err}`));
})();
