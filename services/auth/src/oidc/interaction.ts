import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { Logger } from '@gatehouse/logger';
import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';
import { readForm } from '../http/read-form';
import type { OidcAccounts } from './accounts';
import { consentPage, type LoginChoices, loginPage, PAGE_CSP, page } from './pages';
import { ACR_ONE_FACTOR, ACR_TWO_FACTORS } from './provider';
import { INTERACTION_PATH } from './routes';
import { type BrowserSession, parseSession, SESSION_HEADER, twoFactors } from './session';

export interface InteractionDeps {
  provider: Provider;
  accounts: OidcAccounts;
  /** The redirect-based providers a user can log in with (the gateway's /auth/<name>/login). */
  providerNames: () => string[];
  /** Keys the consent form's token (the provider's first cookie key: auth's alone). */
  formKey: string;
  /** Told of a finished login through the provider: which Gatehouse session it came from (back-channel logout). */
  linked?: (session: BrowserSession) => Promise<void>;
  log: Logger;
}

type Details = Interaction;

/** The requested scopes and resources the grant lacks (the consent prompt's details). */
function missing(details: Details) {
  const d = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  return {
    scopes: d.missingOIDCScope ?? [],
    claims: d.missingOIDCClaims ?? [],
    resources: d.missingResourceScopes ?? {},
  };
}

/**
 * The interaction of an authorization (oidc-provider's login and consent prompts), answered with
 * Gatehouse's own login: the browser's Gatehouse session is the login (single sign-on); without one,
 * or one too old for `max_age` or `prompt=login`, or of one factor where two are asked, the page
 * offers every way in and comes back here. Consent is asked once per client and scope (remembered as
 * the grant), never for a first-party client. A blocked user is refused.
 */
export class Interactions {
  constructor(private readonly deps: InteractionDeps) {}

  /** Whether `req` is an interaction request (the tunnel sends the others to the library). */
  matches(url: string): boolean {
    return INTERACTION_PATH.test(url.split('?')[0] ?? '');
  }

  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const { provider } = this.deps;
    const [, uid, action] = INTERACTION_PATH.exec((req.url ?? '').split('?')[0] ?? '') ?? [];
    // The interaction cookie binds it to the browser that started the authorization: another browser
    // cannot finish it with its user's session (a login swapped into an attacker's flow).
    let details: Details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return this.html(
        res,
        400,
        page('Expired', '<h1>This login has expired</h1><p>Go back to the application and start again.</p>'),
      );
    }
    if (details.uid !== uid) return this.html(res, 400, page('Error', '<h1>This login is not yours</h1>'));
    const client = await provider.Client.find(String(details.params.client_id));
    const clientName = client?.clientName ?? String(details.params.client_id);
    if (action === '/abort') {
      if (req.method !== 'POST') return this.html(res, 405, page('Error', '<h1>Not allowed</h1>'));
      return this.finish(req, res, { error: 'access_denied', error_description: 'the user cancelled the login' });
    }
    const session = parseSession(req.headers[SESSION_HEADER] as string | undefined);
    const login = await this.login(details, session);
    if ('reason' in login) {
      if (
        String(details.params.prompt ?? '')
          .split(' ')
          .includes('none')
      ) {
        const error = login.reason === 'two_factors' ? 'unmet_authentication_requirements' : 'login_required';
        return this.finish(req, res, { error });
      }
      return this.loginPage(res, details, clientName, login.reason);
    }
    // Logout (issue 45): the provider session is another user's (someone else logged in at the gateway).
    // The prompts and the grant of this interaction are that user's: the login alone finishes it, the
    // library logs the old provider session out (resume.js: its applications told by back-channel), and
    // the authorization then asks this user's consent against their own grant in a new interaction.
    if (details.session?.accountId && details.session.accountId !== login.result.accountId) {
      if (session) await this.deps.linked?.(session);
      return this.finish(req, res, { login: login.result });
    }
    const want = missing(details);
    const needsConsent =
      details.prompt.name === 'consent' &&
      client?.first_party !== true &&
      (want.scopes.length > 0 || want.claims.length > 0 || Object.keys(want.resources).length > 0);
    if (needsConsent && action !== '/consent') {
      const account = await this.deps.accounts.find(login.result.accountId);
      return this.html(
        res,
        200,
        consentPage({
          clientName,
          userName: account?.name ?? login.result.accountId,
          scopes: want.scopes,
          resources: want.resources,
          action: `/oidc/interaction/${details.uid}/consent`,
          formToken: this.formToken(details.uid, login.result.accountId),
        }),
      );
    }
    if (action === '/consent') {
      const form = req.method === 'POST' ? await readForm(req) : new URLSearchParams();
      if (req.method !== 'POST' || !this.formTokenHolds(form.get('form_token'), details.uid, login.result.accountId))
        return this.html(res, 403, page('Error', '<h1>This form is not valid any more</h1>'));
      if (form.get('decision') !== 'allow')
        return this.finish(req, res, { error: 'access_denied', error_description: 'the user denied the request' });
    }
    const grantId = await this.grant(details, login.result.accountId);
    if (session) await this.deps.linked?.(session);
    return this.finish(req, res, { login: login.result, consent: { grantId } });
  }

  /** The login the session gives, or why the user must log in (again). */
  private async login(
    details: Details,
    session: BrowserSession | undefined,
  ): Promise<{ result: NonNullable<InteractionResults['login']> } | { reason: LoginChoices['reason'] }> {
    if (!session) return { reason: 'login' };
    const account = await this.deps.accounts.find(session.userId);
    if (!account) return { reason: 'blocked' };
    const params = details.params;
    const now = Math.floor(Date.now() / 1000);
    const maxAge = params.max_age === undefined ? undefined : Number(params.max_age);
    const promptLogin = String(params.prompt ?? '')
      .split(' ')
      .includes('login');
    // prompt=login asks for a login made for this request: after the interaction began.
    if ((promptLogin && session.authTime < details.iat) || (maxAge !== undefined && now - session.authTime > maxAge))
      return { reason: 'fresh' };
    const two = twoFactors(session.amr);
    const wanted = [...String(params.acr_values ?? '').split(' ')];
    const client = await this.deps.provider.Client.find(String(params.client_id));
    if ((wanted.includes(ACR_TWO_FACTORS) || client?.defaultAcrValues?.includes(ACR_TWO_FACTORS)) && !two)
      return { reason: 'two_factors' };
    return {
      result: {
        accountId: session.userId,
        ts: session.authTime,
        amr: session.amr,
        acr: two ? ACR_TWO_FACTORS : ACR_ONE_FACTOR,
        remember: true,
      },
    };
  }

  /** The grant that covers what is asked: the one the user has with this client, extended, or a new one. */
  private async grant(details: Details, accountId: string): Promise<string> {
    const { provider } = this.deps;
    const clientId = String(details.params.client_id);
    const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const want = missing(details);
    if (want.scopes.length > 0) grant.addOIDCScope(want.scopes.join(' '));
    if (want.claims.length > 0) grant.addOIDCClaims(want.claims);
    for (const [indicator, scopes] of Object.entries(want.resources))
      grant.addResourceScope(indicator, scopes.join(' '));
    return grant.save();
  }

  private async finish(req: http.IncomingMessage, res: http.ServerResponse, result: InteractionResults) {
    await this.deps.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  private loginPage(res: http.ServerResponse, details: Details, clientName: string, reason: LoginChoices['reason']) {
    const returnTo = `/oidc/interaction/${details.uid}`;
    const body = loginPage({
      clientName,
      reason,
      providers: this.deps.providerNames(),
      returnTo,
      abortUrl: `${returnTo}/abort`,
    });
    return this.html(res, reason === 'blocked' ? 403 : 200, body);
  }

  private formToken(uid: string, accountId: string): string {
    return createHmac('sha256', this.deps.formKey).update(`consent:${uid}:${accountId}`).digest('base64url');
  }

  private formTokenHolds(given: string | null, uid: string, accountId: string): boolean {
    const want = Buffer.from(this.formToken(uid, accountId));
    const got = Buffer.from(given ?? '');
    return want.length === got.length && timingSafeEqual(want, got);
  }

  private html(res: http.ServerResponse, status: number, body: string): void {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }
}
