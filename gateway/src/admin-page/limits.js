// The admin page's limit policies (docs/payments.md "Limit policies"): list the policies (programme,
// tiers, users, cards), set or remove one, and read, set or remove a user's tier. Every call is the admin
// API's own, through admin.js's `call` (its credentials). The section builds its own markup, so the page
// needs no more than a place to mount it; server text is written as text, never as markup.

const WINDOWS = ['1 day', '7 days', '30 days', '365 days', 'lifetime'];
const SCOPES = ['programme', 'tier', 'user', 'card'];

/** An element with attributes and children (strings become text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === undefined) continue;
    if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value === true ? '' : value);
  }
  node.append(...children);
  return node;
}

const options = (values) => values.map((v) => el('option', { value: v, text: v }));
const money = (cents) => (cents === null ? '' : (cents / 100).toFixed(2));
/** "12.34" → 1234; empty → null. */
const cents = (text) => (text.trim() === '' ? null : Math.round(Number(text) * 100));
const policyPath = (scope, window) =>
  `/admin/v1/limit-policies/${encodeURIComponent(scope)}/${encodeURIComponent(window)}`;

export function limitsSection({ call, say, mount = document.querySelector('main') }) {
  const rows = el('tbody', { id: 'limit-rows' });
  const table = el(
    'table',
    { id: 'limit-table', hidden: true },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        ...['Scope', 'Subject', 'Window', 'Amount', 'Count', 'Reversals free', 'Set by', ''].map((t) =>
          el('th', { text: t }),
        ),
      ),
    ),
    rows,
  );
  const scope = el('select', { id: 'limit-scope' }, ...options(SCOPES));
  const subject = el('input', { id: 'limit-subject', maxlength: '256', autocomplete: 'off' });
  const windowSelect = el('select', { id: 'limit-window' }, ...options(WINDOWS));
  const amount = el('input', { id: 'limit-amount', inputmode: 'decimal', placeholder: '500.00' });
  const count = el('input', { id: 'limit-count', inputmode: 'numeric', placeholder: '10' });
  const free = el('input', { id: 'limit-free', type: 'checkbox' });
  const form = el(
    'form',
    { id: 'limit-form' },
    el('label', {}, 'Scope ', scope),
    el('label', {}, 'Subject (tier name, user id, card id) ', subject),
    el('label', {}, 'Window ', windowSelect),
    el('label', {}, 'Amount ', amount),
    el('label', {}, 'Count ', count),
    el('label', {}, free, ' Reversals free their share'),
    el('button', { type: 'submit', text: 'Set policy' }),
  );
  const tierUser = el('input', { id: 'tier-user', maxlength: '256', autocomplete: 'off' });
  const tierName = el('input', { id: 'tier-name', maxlength: '64', autocomplete: 'off', placeholder: 'verified' });
  const tierShown = el('span', { id: 'tier-shown' });
  const tierForm = el(
    'form',
    { id: 'tier-form' },
    el('label', {}, 'User id ', tierUser),
    el('label', {}, 'Tier ', tierName),
    el('button', { type: 'button', id: 'tier-read', text: 'Read' }),
    el('button', { type: 'submit', text: 'Set tier' }),
    el('button', { type: 'button', id: 'tier-remove', text: 'Remove tier' }),
    tierShown,
  );
  const list = el('button', { id: 'list-limits', type: 'button', text: 'List policies' });
  mount.append(
    el(
      'section',
      { id: 'limits', 'aria-labelledby': 'limits-title' },
      el('h2', { id: 'limits-title', text: 'Limits' }),
      list,
      table,
      form,
      el('h3', { text: "A user's tier" }),
      tierForm,
    ),
  );

  const fail = (err) => say(`${err.message}`);
  const act = (fn) => () => fn().catch(fail);

  function row(p) {
    const remove = el('button', { type: 'button', text: 'Delete' });
    remove.addEventListener(
      'click',
      act(async () => {
        if (!window.confirm(`Remove the ${p.window} limit of ${p.scope} ${p.subject}?`)) return;
        const q = p.subject ? `?subject=${encodeURIComponent(p.subject)}` : '';
        await call('DELETE', `${policyPath(p.scope, p.window)}${q}`);
        await refresh();
        say('Policy removed.');
      }),
    );
    const edit = el('button', { type: 'button', text: 'Edit' });
    edit.addEventListener('click', () => {
      scope.value = p.scope;
      subject.value = p.subject;
      windowSelect.value = p.window;
      amount.value = money(p.max_cents);
      count.value = p.max_count ?? '';
      free.checked = p.reversals_free;
    });
    const tr = el(
      'tr',
      {},
      ...[p.scope, p.subject, p.window, money(p.max_cents), p.max_count ?? '', p.reversals_free ? 'yes' : 'no'].map(
        (t) => el('td', { text: String(t) }),
      ),
      el('td', { text: `${p.updated_by} ${new Date(p.updated_at).toLocaleString()}` }),
      el('td', {}, edit, remove),
    );
    return tr;
  }

  async function refresh() {
    const { policies } = await call('GET', '/admin/v1/limit-policies');
    rows.replaceChildren(...policies.map(row));
    table.hidden = false;
    if (policies.length === 0) say('No policies: the environment limits apply.');
  }

  list.addEventListener('click', act(refresh));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    act(async () => {
      const body = { max_cents: cents(amount.value), max_count: count.value.trim() ? Number(count.value) : null };
      if (scope.value !== 'programme') body.subject = subject.value.trim();
      body.reversals_free = free.checked;
      await call('PUT', policyPath(scope.value, windowSelect.value), body);
      await refresh();
      say('Policy set: the next load applies it.');
    })();
  });

  const tierPath = () => `/admin/v1/users/${encodeURIComponent(tierUser.value.trim())}/limit-tier`;
  const showTier = (t) => {
    tierShown.textContent = t.tier ? `Tier: ${t.tier}` : 'No tier: the programme default';
  };
  $('tier-read', tierForm).addEventListener(
    'click',
    act(async () => showTier(await call('GET', tierPath()))),
  );
  tierForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(async () => {
      showTier(await call('PUT', tierPath(), { tier: tierName.value.trim() }));
      say('Tier set.');
    })();
  });
  $('tier-remove', tierForm).addEventListener(
    'click',
    act(async () => {
      await call('DELETE', tierPath());
      showTier({ tier: null });
      say('Tier removed.');
    }),
  );
}

/** An element of `root` by its id (the section's markup is not yet in the document when it is wired). */
function $(id, root) {
  return root.querySelector(`#${id}`);
}
