// Money: a card looked up by its id or its owner's user id; a card's page (#/money/<card id>) with its
// balance, what disputes hold, its loads and their reversals, and "Reverse" on a load (everything still
// reversible, or an amount: the payment service voids an unsettled sale and refunds a settled one);
// the open disputes and those that matched no load. Amounts are the API's two-decimal strings.
import { call, enc, query } from './api.js';
import { button, confirmAction, el, failed, field, link, row, say, section, table, when } from './ui.js';

const cardPath = (id) => `/admin/v1/cards/${enc(id)}`;

const disputesTable = (disputes, id) =>
  table(
    ['Dispute', 'Status', 'Kind', 'Reason', 'Amount', 'Held', 'Card', 'Load', 'Transaction', 'Received'],
    disputes,
    (d) =>
      row([
        el('td', { className: 'id' }, d.id),
        d.status,
        d.kind,
        d.reason,
        d.amount,
        d.held,
        d.card_id ? link(`#/money/${enc(String(d.card_id))}`, String(d.card_id)) : '—',
        d.load_id ? String(d.load_id) : '—',
        el('td', { className: 'id' }, d.processor_transaction_id),
        when(d.received_at),
      ]),
    { id },
  );

async function home(root) {
  const cardId = el('input', { id: 'money-card', inputmode: 'numeric', maxlength: 20, autocomplete: 'off' });
  const owner = el('input', { id: 'money-owner', maxlength: 256, autocomplete: 'off' });
  const found = el('div', { id: 'money-found' });
  const lookup = el(
    'form',
    {
      className: 'filters',
      role: 'search',
      onsubmit: (e) => {
        e.preventDefault();
        const id = cardId.value.trim();
        if (id) {
          location.hash = `#/money/${enc(id)}`;
          return;
        }
        call('GET', `/admin/v1/cards${query({ owner: owner.value.trim() })}`)
          .then(({ cards }) =>
            found.replaceChildren(
              cards.length === 0
                ? el('p', { className: 'muted' }, 'No cards.')
                : table(['Card', 'Name', 'Balance', 'Held', 'Frozen'], cards, (c) =>
                    row([
                      link(`#/money/${enc(String(c.id))}`, String(c.id)),
                      c.name ?? '',
                      c.balance,
                      c.held ?? '',
                      c.frozen ? 'yes' : 'no',
                    ]),
                  ),
            ),
          )
          .catch(failed);
      },
    },
    field('Card id', cardId),
    field("or the owner's user id", owner),
    el('button', { type: 'submit' }, 'Look up'),
  );
  const open = el('div', {}, el('p', { className: 'muted' }, 'Loading…'));
  const unmatched = el('div', {}, el('p', { className: 'muted' }, 'Loading…'));
  root.append(
    el('h1', {}, 'Money'),
    section('Find a card', lookup, found),
    section('Open disputes', open),
    section('Unmatched disputes (no load matched their transaction)', unmatched),
  );
  const fill = (box, id) => (res) =>
    box.replaceChildren(
      res.disputes.length === 0 ? el('p', { className: 'muted' }, 'None.') : disputesTable(res.disputes, id),
    );
  const fail = (box) => (err) => box.replaceChildren(el('p', { className: 'error' }, err.message));
  await Promise.all([
    call('GET', '/admin/v1/disputes?status=open').then(fill(open, 'open-disputes'), fail(open)),
    call('GET', '/admin/v1/disputes/unmatched').then(fill(unmatched, 'unmatched-disputes'), fail(unmatched)),
  ]);
}

function loadRow(cardId, l, refresh) {
  const reversals = (l.reversals ?? []).map((r) => `${r.method} ${r.amount} ${r.status}`).join('; ');
  const canReverse = l.status === 'succeeded' && l.reversible !== '0.00';
  return row(
    [
      el('td', { className: 'id' }, String(l.id)),
      l.amount,
      l.status,
      l.reversible ?? '',
      reversals || '—',
      el('td', { className: 'id' }, l.processor_transaction_id ?? ''),
      when(l.created_at),
      el(
        'td',
        {},
        canReverse &&
          button('Reverse', async () => {
            const amount = el('input', {
              name: 'amount',
              inputmode: 'decimal',
              placeholder: l.reversible,
              autocomplete: 'off',
            });
            const ok = await confirmAction({
              title: `Reverse load ${l.id}?`,
              text: `Up to ${l.reversible} can go back to the payer: an unsettled sale is voided (whole), a settled one refunded (the amount below, or all of it). The card's balance goes down by as much.`,
              action: 'Reverse',
              extra: field('Amount (empty: everything still reversible)', amount),
            });
            if (!ok) return;
            const value = amount.value.trim();
            // One key per confirmed click: a retry of the same request is answered, not repeated.
            const answer = await call(
              'POST',
              `${cardPath(cardId)}/loads/${enc(String(l.id))}/reverse`,
              value ? { amount: value } : {},
              { 'Idempotency-Key': crypto.randomUUID() },
            );
            await refresh();
            const r = answer.reversal;
            say(
              r
                ? `Reversed: ${r.method} of ${r.amount}, ${r.status}; the card's balance is ${answer.balance}.`
                : `Reversal ${answer.status}.`,
            );
          }),
      ),
    ],
    { dataset: { loadId: String(l.id) } },
  );
}

async function card(root, id) {
  const res = await call('GET', cardPath(id));
  const c = res.card;
  const refresh = async () => {
    root.replaceChildren();
    await card(root, id);
  };
  const body = el(
    'tbody',
    {},
    res.loads.map((l) => loadRow(id, l, refresh)),
  );
  let next = res.loads_next;
  const more = button('More loads', async () => {
    const page = await call('GET', `${cardPath(id)}${query({ loads_cursor: next })}`);
    body.append(...page.loads.map((l) => loadRow(id, l, refresh)));
    next = page.loads_next;
    more.hidden = !next;
  });
  more.hidden = !next;
  const loadsTable = el(
    'div',
    { className: 'table-wrap' },
    el(
      'table',
      { id: 'loads' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ['Load', 'Amount', 'Status', 'Reversible', 'Reversals', 'Transaction', 'At', ''].map((h) =>
            el('th', { scope: 'col' }, h),
          ),
        ),
      ),
      body,
    ),
  );
  root.append(
    el('p', {}, link('#/money', '← Money')),
    el('h1', {}, `Card ${c.id}${c.name ? `: ${c.name}` : ''}`),
    el(
      'dl',
      { className: 'facts', id: 'card-summary' },
      el('dt', {}, 'Owner'),
      el('dd', {}, link(`#/users/${enc(c.owner_id)}`, c.owner_id)),
      el('dt', {}, 'Balance'),
      el('dd', { dataset: { stat: 'balance' } }, c.balance),
      el('dt', {}, 'Held by disputes'),
      el('dd', {}, c.held),
      el('dt', {}, 'Frozen'),
      el('dd', {}, c.frozen ? 'yes' : 'no'),
      el('dt', {}, 'Shortfall'),
      el('dd', {}, c.shortfall),
      el('dt', {}, 'Created'),
      el('dd', {}, when(c.created_at)),
    ),
    section('Loads', res.loads.length === 0 ? el('p', { className: 'muted' }, 'No loads.') : loadsTable, more),
    section(
      'Disputes',
      res.disputes.length === 0
        ? el('p', { className: 'muted' }, 'None.')
        : disputesTable(res.disputes, 'card-disputes'),
    ),
  );
}

export default {
  title: 'Money',
  show: (root, path) => (path[0] ? card(root, path[0]) : home(root)),
};
