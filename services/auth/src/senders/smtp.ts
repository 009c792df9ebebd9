import nodemailer from 'nodemailer';
import type { Sender } from './sender';

export interface SmtpSettings {
  host: string;
  port: number;
  /** implicit: TLS from the first byte (465); starttls: upgrade required; none: plain (loopback only). */
  tls: 'implicit' | 'starttls' | 'none';
  user?: string;
  password?: string;
  from: string;
  subject: string;
  /** Content type of the message body. */
  contentType: 'text/plain' | 'text/html';
  timeoutMs: number;
}

/** The built-in sender: one SMTP message per confirmation, through nodemailer, with timeouts. */
export function smtpSender(settings: SmtpSettings): { send: Sender; close(): void } {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'implicit',
    requireTLS: settings.tls === 'starttls',
    ignoreTLS: settings.tls === 'none',
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    // The body carries a login token: nodemailer must not log it.
    logger: false,
    debug: false,
  });
  return {
    async send(address, text) {
      await transport.sendMail({
        from: settings.from,
        to: address,
        subject: settings.subject,
        ...(settings.contentType === 'text/html' ? { html: text } : { text }),
      });
    },
    close: () => transport.close(),
  };
}
