import type http from 'node:http';

/** Larger bodies are refused: a login form carries a user name and a password, nothing more. */
const MAX_FORM_BYTES = 16 * 1024;

/** The url-encoded body of a form post, shared by the dev and local OAuth2 servers' login pages. */
export async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_FORM_BYTES) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}
