// The console's one road to the server: the admin API (/admin/v1/...) with the caller's own credentials.
// An operator token pasted at sign-in is kept in this tab's sessionStorage only; without one, the
// admin's cookie session goes with its XSRF header. The console adds no privilege: every refusal is the
// API's, shown in its own words (`error`, `error_description`, or the card API's `errors[].message`).

const TOKEN_KEY = 'gatehouse-admin-token';

export const hasToken = () => Boolean(sessionStorage.getItem(TOKEN_KEY));

export function setToken(token) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

function xsrf() {
  const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : '';
}

/** The words of a refusal, whichever of the API's error shapes it came in. */
function refusal(parsed, status) {
  if (parsed?.error_description) return `${parsed.error}: ${parsed.error_description}`;
  if (typeof parsed?.error === 'string') return parsed.error;
  if (Array.isArray(parsed?.errors) && parsed.errors.length > 0) {
    return parsed.errors.map((e) => e.message ?? e.code).join('; ');
  }
  return `HTTP ${status}`;
}

/** One admin API call; the parsed JSON answer, or an Error carrying the API's words. */
export async function call(method, path, body, extraHeaders = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const headers = token ? { Authorization: `Bearer ${token}` } : { 'X-XSRF-TOKEN': xsrf() };
  Object.assign(headers, extraHeaders);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const err = new Error(refusal(parsed, res.status));
    err.status = res.status;
    throw err;
  }
  return parsed;
}

/** Query string of the non-empty values only. */
export function query(values) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const enc = encodeURIComponent;
