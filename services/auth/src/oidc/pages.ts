import type { KoaContextWithOIDC } from 'oidc-provider';
import type { LibraryPages } from './provider';

/** Text as HTML: every page writes what it did not write itself through this. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** No script and no outside resource on any page of the provider; forms post only to the provider itself. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}ul{padding-left:1.2rem}button,.button{font:inherit;padding:.4rem 1rem;margin:.2rem .4rem .2rem 0}
.error{color:#a00}.muted{color:#666;font-size:.9rem}`;

/** A whole page: title, body HTML (already escaped where it must be). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** What a login page offers: every configured way in, each coming back to the interaction. */
export interface LoginChoices {
  clientName: string;
  /** Why the user logs in (again): none, a fresher login, two factors, a blocked account. */
  reason: 'login' | 'fresh' | 'two_factors' | 'blocked';
  /** Redirect-based providers (OAuth2, OIDC, dev...): `/auth/<name>/login?from=...`. */
  providers: string[];
  /** The interaction's own URL (same origin), where each login comes back to. */
  returnTo: string;
  /** Where the users leave it (the client gets access_denied). */
  abortUrl: string;
  /** The client's `login_hint` (who it expects), shown as text: a hint, never a login. */
  loginHint?: string;
}

const REASONS: Record<LoginChoices['reason'], string> = {
  login: 'Log in to continue.',
  fresh: 'The application asks for a recent login: log in again to continue.',
  two_factors:
    'The application asks for two factors: log in with a passkey, or with your password or provider and then your authenticator code (turn TOTP on in your account first).',
  blocked: 'This account is blocked. Another account can log in below.',
};

export function loginPage(c: LoginChoices): string {
  const from = encodeURIComponent(c.returnTo);
  const links = c.providers
    .map((p) => `<li><a href="/auth/${encodeURIComponent(p)}/login?from=${from}">${escapeHtml(p)}</a></li>`)
    .join('');
  const choices = `<ul>${links}</ul><p><a href="/?continue=${from}">Other ways to log in</a> (a passkey, a password, an email link)</p>`;
  const hint = c.loginHint
    ? `<p class="muted">The application expects <strong>${escapeHtml(c.loginHint.slice(0, 200))}</strong>.</p>`
    : '';
  return page(
    'Log in',
    `<h1>${escapeHtml(c.clientName)} wants you to log in with Gatehouse</h1><p${c.reason === 'blocked' ? ' class="error"' : ''}>${escapeHtml(REASONS[c.reason])}</p>${hint}${choices}<form method="post" action="${escapeHtml(c.abortUrl)}"><button type="submit">Cancel</button></form>`,
  );
}

/** What a consent page asks for. */
export interface ConsentAsk {
  clientName: string;
  userName: string;
  scopes: string[];
  resources: Record<string, string[]>;
  action: string;
  /** A value only this browser's interaction can know (interaction.ts): the form's CSRF guard. */
  formToken: string;
}

const SCOPE_WORDS: Record<string, string> = {
  openid: 'know who you are (your Gatehouse user id)',
  profile: 'see your name and picture',
  email: 'see your email address',
  offline_access: 'stay signed in when you are not using it (a refresh token)',
  organization: 'see your organisation, and your roles and permissions there',
};

export function consentPage(a: ConsentAsk): string {
  const items = [
    ...a.scopes.map(
      (s) => `<li>${escapeHtml(SCOPE_WORDS[s] ?? `use "${s}"`)} <span class="muted">(${escapeHtml(s)})</span></li>`,
    ),
    ...Object.entries(a.resources).map(
      ([uri, scopes]) => `<li>call ${escapeHtml(uri)} as you (${escapeHtml(scopes.join(', ') || 'no scope')})</li>`,
    ),
  ].join('');
  const token = `<input type="hidden" name="form_token" value="${escapeHtml(a.formToken)}">`;
  return page(
    'Allow access',
    `<h1>${escapeHtml(a.clientName)} asks to</h1><ul>${items}</ul><p class="muted">Signed in as ${escapeHtml(a.userName)}. You can take this back on your account page.</p><form method="post" action="${escapeHtml(a.action)}">${token}<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

/** The pages oidc-provider renders itself: an error, the logout question, the logged-out page. */
export function libraryPages(): LibraryPages {
  const html = (ctx: KoaContextWithOIDC, body: string) => {
    ctx.type = 'html';
    ctx.set('Content-Security-Policy', PAGE_CSP);
    ctx.body = body;
  };
  return {
    renderError: async (ctx, out) => {
      const text = out.error_description ?? out.error ?? 'the request could not be completed';
      html(ctx, page('Error', `<h1>Something went wrong</h1><p class="error">${escapeHtml(String(text))}</p>`));
    },
    logoutSource: async (ctx, form) => {
      // `form` is the library's own (its action and its xsrf field); the buttons submit it.
      html(
        ctx,
        page(
          'Log out',
          `${form}<h1>Log out of Gatehouse?</h1><button type="submit" form="op.logoutForm" name="logout" value="yes">Log out</button><button type="submit" form="op.logoutForm">Stay logged in</button>`,
        ),
      );
    },
    postLogoutSuccessSource: async (ctx) => {
      html(ctx, page('Logged out', '<h1>You are logged out</h1><p>You can close this window.</p>'));
    },
  };
}
