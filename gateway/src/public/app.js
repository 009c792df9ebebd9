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
      if (name === 'telegram') link.addEventListener('click', telegramLogin);
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

  // Telegram: the bot confirms the login, so the page shows the bot link and waits for it.
  async function telegramLogin(event) {
    event.preventDefault();
    const res = await fetch('/auth/telegram/login');
    if (!res.ok) return say('Telegram login is not available.');
    const { bot, token } = await res.json();
    const link = document.createElement('a');
    link.href = `https://t.me/${encodeURIComponent(bot)}?start=${encodeURIComponent(token)}`;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = `Open @${bot} in Telegram and press Start`;
    $('message').replaceChildren(link);
    const deadline = Date.now() + 10 * 60 * 1000;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2000));
      const check = await fetch(`/auth/telegram/login?token=${encodeURIComponent(token)}`);
      if (check.ok) return window.location.reload();
    }
    say('The Telegram login request expired; try again.');
  }

  $('logout').addEventListener('click', async () => {
    const res = await fetch('/auth/logout', { headers: { 'X-XSRF-TOKEN': xsrf() } });
    if (!res.ok) say('Logout failed.');
    window.location.reload();
  });

  showUser().catch((err) => say(`Something went wrong: ${err}`));
})();
