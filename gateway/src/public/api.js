// The page's HTTP calls: the same API as every client. Cookie-borne tokens need the XSRF header,
// whose value the XSRF-TOKEN cookie carries (the gateway refuses a cookie without it).

export function xsrf() {
  const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : '';
}

/**
 * Calls the API with the cookie and the XSRF header. Answers `{ status, body }`; status 0 means no
 * answer arrived (network down, gateway gone), which for a load is an unknown outcome like a 502.
 */
export async function call(method, path, { body, headers = {} } = {}) {
  const init = { method, headers: { 'X-XSRF-TOKEN': xsrf(), ...headers } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    return { status: 0, body: undefined };
  }
  const text = await res.text();
  let parsed;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined; // a proxy's HTML error page: the status alone speaks
  }
  return { status: res.status, body: parsed };
}

const LIMITS = {
  'compliance-1-day': 'the 1-day limit',
  'compliance-30-days': 'the 30-day limit',
  'compliance-365-days': 'the 365-day limit',
  'compliance-balance': 'the balance limit',
};

/**
 * An error answer as a sentence a person can act on. The API's message is kept verbatim (it holds
 * the figures: `495.00 + 5.01 > 500.00 (1 day)`, `Do Not Honor`); the code says what kind it is.
 */
export function describeError({ status, body }) {
  const first = body?.errors?.[0];
  const code = first?.code ?? '';
  const message = (first?.message ?? '').replace(/\.$/, ''); // the sentence adds its own full stop
  if (status === 0) return 'No answer from the server: check your connection.';
  if (status === 401) return 'Your session has ended: log in again.';
  if (code in LIMITS) return `Refused by ${LIMITS[code]}: ${message}.`;
  if (code.startsWith('compliance-')) return `Refused by a compliance limit: ${message}.`;
  // Processor decline and refusal codes are numeric (2000 Do Not Honor, 81715 invalid number).
  if (/^\d+$/.test(code)) return `Declined by the card processor: ${message} (code ${code}).`;
  if (code === 'invalid-amount') return `Amount not accepted: ${message}.`;
  if (code === 'http-404') return 'This card no longer exists.';
  if (code === 'processor-error') return 'Card payments are not available right now; nothing was charged.';
  if (message) return `Error: ${message}`;
  return `The server answered ${status}.`;
}
