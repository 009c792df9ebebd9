// The admin page's velocity rules (docs/payments.md "Velocity rules"): the rules (file ones read-only),
// a form to add one, delete an admin rule; the open reviews of flagged loads, cleared or confirmed with a
// reason. The section builds its own markup (so the page's HTML need not change) and calls the admin API
// through admin.js's `call` (its credentials). Server text is written as text, never as markup.

const RULE_FIELDS = [
  ['name', 'Name', 'input', { maxlength: '64', required: '' }],
  ['subject', 'Subject', 'select', ['card', 'owner', 'address']],
  ['counts', 'Counts', 'select', ['declines', 'loads', 'distinct_cards', 'amount_cents']],
  ['threshold', 'Threshold', 'input', { type: 'number', min: '0', required: '' }],
  ['window', 'Window (10m, 1h, 7d)', 'input', { maxlength: '16', required: '', value: '10m' }],
  ['action', 'Action', 'select', ['block', 'review']],
  ['mode', 'Mode', 'select', ['enforce', 'dry_run']],
];

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

const row = (...cells) =>
  el('tr', {}, ...cells.map((c) => (c instanceof Node ? el('td', {}, c) : el('td', { text: String(c) }))));

export function velocitySection({ call, say, mount = document.querySelector('main') }) {
  const failed = (err) => say(`${err.message}`);
  const button = (text, onClick) => {
    const b = el('button', { type: 'button', text });
    b.addEventListener('click', () => onClick().catch(failed));
    return b;
  };

  const ruleRows = el('tbody');
  const reviewRows = el('tbody');
  const inputs = {};
  const form = el('form', { id: 'velocity-new' });
  for (const [name, label, kind, spec] of RULE_FIELDS) {
    const input =
      kind === 'select'
        ? el('select', { 'data-field': name }, ...spec.map((v) => el('option', { value: v, text: v })))
        : el('input', { 'data-field': name, ...spec });
    inputs[name] = input;
    form.append(el('label', { text: `${label} ` }, input));
  }
  form.append(el('button', { type: 'submit', text: 'Add rule' }));

  async function loadRules() {
    const { rules } = await call('GET', '/admin/v1/velocity-rules');
    ruleRows.replaceChildren(
      ...rules.map((r) => {
        const remove =
          r.source === 'file'
            ? document.createTextNode('from the file')
            : button('Delete', async () => {
                if (!window.confirm(`Delete velocity rule ${r.name}?`)) return;
                await call('DELETE', `/admin/v1/velocity-rules/${encodeURIComponent(r.name)}`);
                say(`Deleted ${r.name}.`);
                await loadRules();
              });
        return row(r.name, r.subject, r.counts, r.threshold, r.window, r.action, r.mode, remove);
      }),
    );
  }

  async function loadReviews() {
    const { reviews } = await call('GET', '/admin/v1/velocity/reviews?limit=50');
    const resolve = (r, outcome) => async () => {
      const reason = window.prompt(`Why is load ${r.load_id} ${outcome}?`, '');
      if (reason === null) return;
      await call('POST', `/admin/v1/velocity/reviews/${r.id}/resolve`, { outcome, reason });
      say(`Review ${r.id} ${outcome}.`);
      await loadReviews();
    };
    reviewRows.replaceChildren(
      ...reviews.map((r) =>
        row(
          new Date(r.created_at).toLocaleString(),
          r.rule,
          r.card_id,
          r.owner_id,
          r.client_address ?? '',
          (r.amount_cents / 100).toFixed(2),
          r.message,
          el('span', {}, button('Clear', resolve(r, 'cleared')), button('Confirm', resolve(r, 'confirmed'))),
        ),
      ),
    );
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = Object.fromEntries(Object.entries(inputs).map(([k, input]) => [k, input.value]));
    body.threshold = Number(body.threshold);
    call('POST', '/admin/v1/velocity-rules', body)
      .then(async (made) => {
        say(`Added ${made.name}.`);
        form.reset();
        await loadRules();
      })
      .catch(failed);
  });

  const head = (...names) => el('thead', {}, el('tr', {}, ...names.map((n) => el('th', { text: n }))));
  const section = el(
    'section',
    { id: 'velocity', 'aria-labelledby': 'velocity-title' },
    el('h2', { id: 'velocity-title', text: 'Velocity rules' }),
    el('table', {}, head('Rule', 'Subject', 'Counts', 'Threshold', 'Window', 'Action', 'Mode', ''), ruleRows),
    form,
    el('h3', { text: 'Flagged loads to review' }),
    el('table', {}, head('When', 'Rule', 'Card', 'Owner', 'Address', 'Amount', 'Why', ''), reviewRows),
    button('Refresh', () => Promise.all([loadRules(), loadReviews()])),
  );
  mount.append(section);
  // An admin without access (or no payment service) sees the section empty and the reason said once.
  Promise.all([loadRules(), loadReviews()]).catch(failed);
}

/** The console's view (views.js): the section mounted into the view's own container. */
export default {
  title: 'Velocity rules',
  async show(root) {
    const [{ call }, { say }] = await Promise.all([import('./api.js'), import('./ui.js')]);
    velocitySection({ call, say, mount: root });
  },
};
