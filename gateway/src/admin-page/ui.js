// Small DOM helpers the console's views share. Server text is always written as text (textContent),
// never as markup; confirmations are <dialog>s, so they are keyboard reachable and styled like the rest.

export const $ = (id) => document.getElementById(id);

/** An element: el('td', {className: 'id'}, 'text', child, ...). Attributes starting with "on" are listeners. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'className' || key === 'textContent' || key === 'value' || key === 'hidden') node[key] = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Number.POSITIVE_INFINITY)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

let statusLine = null;
/** The console's one status line (role=status): what an action did, or the API's refusal. */
export function say(text, kind = 'info') {
  statusLine ??= $('message');
  statusLine.textContent = text;
  statusLine.dataset.kind = kind;
}
export const failed = (err) => say(err?.message ?? String(err), 'error');

let flash = '';
/** Goes to another view and says `text` there (a route change clears the status line). */
export function navigate(hash, text = '') {
  flash = text;
  location.hash = hash;
}
/** What navigate asked to be said on the next view, once. */
export function takeFlash() {
  const text = flash;
  flash = '';
  return text;
}

/** A button that runs `onClick` and shows its refusal. */
export function button(text, onClick, attrs = {}) {
  return el(
    'button',
    {
      type: 'button',
      ...attrs,
      onclick: () => {
        Promise.resolve().then(onClick).catch(failed);
      },
    },
    text,
  );
}

export const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');
export const link = (href, text) => el('a', { href }, text);

/** "12.34" from 1234 cents (integers only: the API counts in minor units). */
export function cents(n) {
  const v = BigInt(n ?? 0);
  const sign = v < 0n ? '-' : '';
  const abs = v < 0n ? -v : v;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A table with a header row and one row per item (cells: text, or nodes). */
export function table(headers, items, rowOf, attrs = {}) {
  return el(
    'div',
    { className: 'table-wrap' },
    el(
      'table',
      attrs,
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          headers.map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      el(
        'tbody',
        {},
        items.map((item) => rowOf(item)),
      ),
    ),
  );
}

export function row(cells, attrs = {}) {
  return el(
    'tr',
    attrs,
    cells.map((c) => (c instanceof Node && c.tagName === 'TD' ? c : el('td', {}, c))),
  );
}

/** A labelled form field. */
export function field(label, input) {
  return el('label', {}, el('span', {}, label), input);
}

/** A section with a heading. */
export function section(title, ...children) {
  return el('section', { className: 'panel' }, el('h2', {}, title), ...children);
}

/**
 * Asks before an action: a modal dialog with the action's words, a reason field when the API takes
 * one, and for what cannot be undone a word to type (the button stays off until it is typed). Resolves
 * to {reason} when confirmed, null when cancelled.
 */
export function confirmAction({ title, text, action, reason = false, typed = '', extra = null }) {
  return new Promise((resolve) => {
    const reasonInput = reason ? el('input', { name: 'reason', required: true, maxlength: 500 }) : null;
    const typedInput = typed ? el('input', { name: 'typed', autocomplete: 'off' }) : null;
    const ok = el('button', { type: 'submit', className: 'danger' }, action);
    const cancel = el('button', { type: 'button' }, 'Cancel');
    const form = el(
      'form',
      { method: 'dialog' },
      el('h2', {}, title),
      el('p', {}, text),
      extra,
      reasonInput && field('Reason', reasonInput),
      typedInput && field(`Type ${typed} to confirm`, typedInput),
      el('div', { className: 'actions' }, ok, cancel),
    );
    const dialog = el('dialog', { className: 'confirm' }, form);
    const refresh = () => {
      ok.disabled = Boolean(typedInput && typedInput.value.trim() !== typed);
    };
    typedInput?.addEventListener('input', refresh);
    refresh();
    let answer = null;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (reasonInput && !reasonInput.value.trim()) return reasonInput.focus();
      answer = { reason: reasonInput?.value.trim() ?? '' };
      dialog.close();
    });
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    (reasonInput ?? typedInput ?? ok).focus();
  });
}

/** A secret shown this once, with a copy button; gone when the view changes. */
export function secretBox(label, secret) {
  const pre = el('pre', { className: 'secret', tabindex: 0 }, secret);
  return el(
    'div',
    { className: 'secret-box', role: 'alert' },
    el('p', {}, label),
    pre,
    button('Copy', () => navigator.clipboard?.writeText(secret)),
  );
}

/** Saves `value` as a JSON file in the browser's downloads. */
export function download(filename, value) {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Runs `fn` `ms` after the last call (search as you type). */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
