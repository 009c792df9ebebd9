// The page's small DOM helpers: elements made from properties and children (never from HTML text),
// and the pair of status lines a form answers in.

/** Creates an element with DOM properties (never innerHTML) and children (strings become text). */
export function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** A status line (polite) and an error line (assertive) that replace each other. */
export function messages() {
  const ok = el('p', { className: 'ok' });
  ok.setAttribute('role', 'status');
  const error = el('p', { className: 'error' });
  error.setAttribute('role', 'alert');
  return {
    nodes: [ok, error],
    ok(text) {
      error.textContent = '';
      ok.textContent = text;
    },
    error(text) {
      ok.textContent = '';
      error.textContent = text;
    },
  };
}
