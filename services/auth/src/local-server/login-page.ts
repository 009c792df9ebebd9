function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The built-in login page of the local OAuth2 server: user name and password, posted to `action`. */
export function loginPage(action: string, error: string): string {
  const problem = error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Log in</title>
<style>body{font:16px system-ui;margin:4rem auto;max-width:22rem}label{display:block;margin:.6rem 0}
input,button{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}.error{color:#b00}</style></head>
<body><h1>Log in</h1>${problem}
<form method="post" action="${escapeHtml(action)}">
<label>User name <input name="username" autocomplete="username" autofocus required maxlength="64"></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required maxlength="256"></label>
<button type="submit">Log in</button></form></body></html>`;
}
