import type { Logger } from '@gatehouse/logger';
import { escapeHtml } from '../login/template';
import type { Sender } from '../senders/sender';

/** Every message password accounts send; the ones with a link carry a one-time token in it. */
export type MessageKind =
  | 'verify'
  | 'registered'
  | 'reset'
  | 'reset_done'
  | 'changed'
  | 'email_change'
  | 'email_change_notice'
  | 'invite';

/** Fields a template may use: `{{.Address}}`, `{{.Link}}` (empty in notices), `{{.Site}}`. */
export interface MessageFields {
  Address: string;
  Link: string;
  Site: string;
}

export const DEFAULT_MESSAGES: Record<MessageKind, string> = {
  verify:
    'Confirm your address {{.Address}} for {{.Site}}:\n\n{{.Link}}\n\nIf you did not sign up, ignore this message.\n',
  registered:
    'Somebody (perhaps you) tried to sign up at {{.Site}} with {{.Address}}, which has an account already.\n\nIf you forgot your password, reset it here:\n\n{{.Link}}\n\nIf it was not you, ignore this message.\n',
  reset:
    'A password reset was asked for {{.Address}} at {{.Site}}. Set a new password here:\n\n{{.Link}}\n\nIf you did not ask, ignore this message: your password stays.\n',
  reset_done:
    'The password of {{.Address}} at {{.Site}} was reset, and every session of the account was ended.\n\nIf it was not you, reset it again at once and tell us.\n',
  changed:
    'The password of {{.Address}} at {{.Site}} was changed, and your other sessions were ended.\n\nIf it was not you, reset it at once.\n',
  email_change: 'Confirm {{.Address}} as the new address of your account at {{.Site}}:\n\n{{.Link}}\n',
  email_change_notice:
    'A change of the address of your account at {{.Site}} to another one was asked for. It happens only if the new address confirms it.\n\nIf it was not you, change your password at once.\n',
  invite: 'An account at {{.Site}} was made for {{.Address}}. Set your password here:\n\n{{.Link}}\n',
};

const FIELD = /\{\{\s*\.(\w+)\s*\}\}/g;
const ANY_ACTION = /\{\{[^}]*\}\}/g;

/** The problems of a template of AUTH_CONFIG's `password.messages` (unknown fields, other actions). */
export function messageTemplateProblems(template: string): string[] {
  return (template.match(ANY_ACTION) ?? [])
    .filter((a) => !/^\{\{\s*\.(Address|Link|Site)\s*\}\}$/.test(a))
    .map((a) => `unsupported template action ${a} (only {{.Address}} {{.Link}} {{.Site}})`);
}

export function renderMessage(template: string, fields: MessageFields, html: boolean): string {
  return template.replace(FIELD, (_m, name: string) => {
    const value = fields[name as keyof MessageFields] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

export interface MailerDeps {
  /** The `password:` section's sender (smtp or the Send hook); undefined: development, to the log. */
  sender: Sender | undefined;
  templates: Partial<Record<MessageKind, string>>;
  html: boolean;
  /** AUTH_URL: links point at the gateway's page. */
  baseUrl: string;
  site: string;
  log: Logger;
}

/**
 * Renders and sends password accounts' messages. Links carry the token in the URL's fragment, which
 * browsers never send to a server (no access log, no Referer holds it); the page posts it.
 * Without a sender (development only, `pnpm start`) a message is written to the log with its link.
 */
export class PasswordMailer {
  constructor(private readonly deps: MailerDeps) {}

  link(kind: 'verify' | 'reset', token: string): string {
    return `${this.deps.baseUrl}/#password-${kind}=${token}`;
  }

  async send(kind: MessageKind, address: string, link = ''): Promise<void> {
    const { sender, templates, html, site, log } = this.deps;
    const text = renderMessage(
      templates[kind] ?? DEFAULT_MESSAGES[kind],
      { Address: address, Link: link, Site: site },
      html,
    );
    if (!sender) {
      log.warn({ kind, to: address, link }, `password accounts (development, no sender): message\n${text}`);
      return;
    }
    await sender(address, text);
  }
}
