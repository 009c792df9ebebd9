import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { NewEvent } from '@gatehouse/events';
import type { Logger } from '@gatehouse/logger';
import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';
import { readForm } from '../http/read-form';
import type { OidcAccounts } from './accounts';
import { askedAgain, extendGrant, grantCreated, isEmpty, missing, toConfirm } from './consent';
import { pageCspFor } from './library-csp';
import { consentPage, type LoginChoices, loginPage, PAGE_CSP, page } from './pages';
import { ACR_TWO_FACTORS } from './provider';
import { INTERACTION_PATH } from './routes';
import { type BrowserSession, parseSession, SESSION_HEADER, twoFactors } from './session';
import { loginOf } from './sso';

export interface InteractionDeps {
  provider: Provider;
  accounts: OidcAccounts;
  /** The redirect-based providers a user can log in with (the gateway's /auth/<name>/login). */
  providerNames: () => string[];
  /** Keys the consent form's token (the provider's first cookie key: auth's alone). */
  formKey: string;
  /** Told of a finished login through the provider: which Gatehouse session it came from (back-channel logout). */
  linked?: (session: BrowserSession) => Promise<void>;
  /** Writes an event to the audit trail (grant.created); a trail that fails is logged, the login goes on. */
  record?: (event: NewEvent) => Promise<void>;
  log: Logger;
}

type Details = Interaction;
type Login = { result: NonNullable<InteractionResults['login']> } | { reason: LoginChoices['reason'] };

const words = (value: unknown) => String(value ?? '').split(' ');

/**
 * The interaction of an authorization (oidc-provider's login and consent prompts), answered with
 * Gatehouse's own login: the browser's Gatehouse session is the login (single sign-on); without one,
 * or one too old for `max_age` or `prompt=login`, or of one factor where two are asked, the page
 * offers every way in and comes back here. A login prompt ends with the login alone: the library then
 * weighs the user's remembered grant and asks for consent only for what it lacks, in an interaction of
 * its own (consent is asked once per client and scope, and again for `prompt=consent`; never for a
 * first-party client). A blocked user is refused.
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
    const login = await this.login(details, session, client?.defaultAcrValues);
    if ('reason' in login) {
      if (words(details.params.prompt).includes('none')) {
        const error = login.reason === 'two_factors' ? 'unmet_authentication_requirements' : 'login_required';
        return this.finish(req, res, { error });
      }
      return this.loginPage(res, details, clientName, login.reason);
    }
    // The provider session is another user's (someone else logged in at the gateway): the prompts and the
    // grant of this interaction are that user's, so the login alone finishes it; the library logs the old
    // provider session out (resume.js: its applications told by back-channel), and the authorization then
    // asks this user's consent against their own grant in a new interaction.
    if (details.session?.accountId && details.session.accountId !== login.result.accountId) {
      if (session) await this.deps.linked?.(session);
      return this.finish(req, res, { login: login.result });
    }
    if (session) await this.deps.linked?.(session);
    if (details.prompt.name === 'login') return this.finish(req, res, { login: login.result });
    return this.consent(req, res, details, { clientName, firstParty: client?.first_party === true }, login.result);
  }

  /** The consent prompt: the page when the user must be asked, else the grant extended at once. */
  private async consent(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    details: Details,
    client: { clientName: string; firstParty: boolean },
    login: NonNullable<InteractionResults['login']>,
  ): Promise<void> {
    const { accountId } = login;
    const action = INTERACTION_PATH.exec((req.url ?? '').split('?')[0] ?? '')?.[2];
    const mustAsk = !client.firstParty && (!isEmpty(missing(details)) || askedAgain(details));
    if (mustAsk && action !== '/consent') {
      const account = await this.deps.accounts.find(accountId);
      const ask = toConfirm(details);
      return this.html(
        res,
        200,
        consentPage({
          clientName: client.clientName,
          userName: account?.name ?? accountId,
          scopes: ask.scopes,
          resources: ask.resources,
          action: `/oidc/interaction/${details.uid}/consent`,
          formToken: this.formToken(details.uid, accountId),
        }),
        details,
      );
    }
    if (action === '/consent') {
      const form = req.method === 'POST' ? await readForm(req) : new URLSearchParams();
      if (req.method !== 'POST' || !this.formTokenHolds(form.get('form_token'), details.uid, accountId))
        return this.html(res, 403, page('Error', '<h1>This form is not valid any more</h1>'));
      if (form.get('decision') !== 'allow')
        return this.finish(req, res, { error: 'access_denied', error_description: 'the user denied the request' });
    }
    const clientId = String(details.params.client_id);
    const { grantId, added } = await extendGrant(this.deps.provider, details, accountId);
    if (added.length > 0) {
      const request = { ip: header(req, 'x-forwarded-for'), userAgent: header(req, 'user-agent') };
      await this.deps.record?.(grantCreated(clientId, accountId, added, request));
    }
    return this.finish(req, res, { login, consent: { grantId } });
  }

  /**
   * The login the session gives, or why the user must log in (again). The freshness a login prompt
   * asks (`prompt=login`, `max_age`) is the login prompt's alone: a consent prompt comes after that
   * login, which the library has already weighed.
   */
  private async login(
    details: Details,
    session: BrowserSession | undefined,
    clientAcrValues: readonly string[] | undefined,
  ): Promise<Login> {
    const { accounts } = this.deps;
    if (!session) {
      // The provider session's user (the one this browser was logged in with) blocked since: say so.
      const previous = details.session?.accountId;
      return { reason: previous && (await accounts.blocked(previous)) ? 'blocked' : 'login' };
    }
    if (!(await accounts.find(session.userId))) return { reason: 'blocked' };
    const params = details.params;
    if (details.prompt.name === 'login') {
      const now = Math.floor(Date.now() / 1000);
      const maxAge = params.max_age === undefined ? undefined : Number(params.max_age);
      // prompt=login asks for a login made for this request: after the interaction began.
      const promptLogin = words(params.prompt).includes('login');
      if ((promptLogin && session.authTime < details.iat) || (maxAge !== undefined && now - session.authTime > maxAge))
        return { reason: 'fresh' };
    }
    const wanted = [...words(params.acr_values), ...(clientAcrValues ?? [])];
    if (wanted.includes(ACR_TWO_FACTORS) && !twoFactors(session.amr)) return { reason: 'two_factors' };
    return { result: loginOf(session) };
  }

  private async finish(req: http.IncomingMessage, res: http.ServerResponse, result: InteractionResults) {
    await this.deps.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  private loginPage(res: http.ServerResponse, details: Details, clientName: string, reason: LoginChoices['reason']) {
    const returnTo = `/oidc/interaction/${details.uid}`;
    const hint = details.params.login_hint;
    const body = loginPage({
      clientName,
      reason,
      providers: this.deps.providerNames(),
      returnTo,
      abortUrl: `${returnTo}/abort`,
      loginHint: typeof hint === 'string' ? hint : undefined,
    });
    return this.html(res, reason === 'blocked' ? 403 : 200, body, details);
  }

  private formToken(uid: string, accountId: string): string {
    return createHmac('sha256', this.deps.formKey).update(`consent:${uid}:${accountId}`).digest('base64url');
  }

  private formTokenHolds(given: string | null, uid: string, accountId: string): boolean {
    const want = Buffer.from(this.formToken(uid, accountId));
    const got = Buffer.from(given ?? '');
    return want.length === got.length && timingSafeEqual(want, got);
  }

  /** A page; `details` given: its forms' answers redirect on to the client (pageCspFor). */
  private html(res: http.ServerResponse, status: number, body: string, details?: Details): void {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', pageCspFor(PAGE_CSP, details?.params.redirect_uri));
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
