// The cards part of the page: the user's cards with balances, a form to create one, and per card a
// load form (amount and one of Braintree's test nonces) with its loads. Everything goes through the
// public card API; every text from it is set with textContent, never parsed as HTML.
import { call, describeError, xsrf } from './api.js';
import { el, messages } from './dom.js';

/** Braintree's sandbox nonces, which the development processor (and the real sandbox) honour. */
const NONCES = [
  ['fake-valid-nonce', 'Valid card'],
  ['fake-valid-visa-nonce', 'Valid Visa'],
  ['fake-valid-mastercard-nonce', 'Valid Mastercard'],
  ['fake-processor-declined-visa-nonce', 'Declined Visa'],
  ['fake-luhn-invalid-nonce', 'Invalid card number'],
  ['fake-consumed-nonce', 'Already used nonce'],
];

/**
 * "100", "100.5", "100.50" -> "100.50": the API's two-decimal string, by text (no float rounding).
 * Null when it is not an amount at all; the server still judges the rest (zero, limits).
 */
export function normaliseAmount(text) {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? `${m[1]}.${(m[2] ?? '').padEnd(2, '0')}` : null;
}

/**
 * An answer after which the load may or may not have been charged: no answer, the payment service's
 * unknown-outcome 502, a 5xx from anything in between, or the same key still running (409). Only a
 * retry with the same Idempotency-Key is safe then: it replays the load and never charges twice.
 */
function outcomeUnknown({ status, body }) {
  const code = body?.errors?.[0]?.code;
  if (code === 'idempotency-key-in-use') return true;
  return status === 0 || (status >= 500 && code !== 'processor-error');
}

/**
 * A month's statement of a card as a CSV download (`GET /cards/{id}/statements/{yyyy-mm}` with
 * `Accept: text/csv`): fetched with the XSRF header every card route needs, then saved from memory.
 */
function statementForm(card, say) {
  const month = el('input', { type: 'month', name: 'month', required: true });
  month.value = new Date().toISOString().slice(0, 7);
  const form = el(
    'form',
    { className: 'statement' },
    el(
      'fieldset',
      {},
      el('legend', { textContent: 'Statement' }),
      el('label', {}, 'Month ', month),
      el('button', { type: 'submit', textContent: 'Download statement' }),
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const path = `/cards/${card.id}/statements/${encodeURIComponent(month.value)}`;
    let res;
    try {
      res = await fetch(path, { headers: { Accept: 'text/csv', 'X-XSRF-TOKEN': xsrf() } });
    } catch {
      return say.error('The statement could not be fetched: no answer from the server.');
    }
    if (res.status !== 200) {
      const body = await res.json().catch(() => undefined);
      return say.error(
        res.status === 404 ? `No statement for ${month.value}.` : describeError({ status: res.status, body }),
      );
    }
    const url = URL.createObjectURL(await res.blob());
    const link = el('a', { href: url, download: `card-${card.id}-statement-${month.value}.csv` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    say.ok(`Statement for ${month.value} downloaded.`);
  });
  return form;
}

/** A load; with a Reverse button while some of it can still be given back (`reverse` sends it). */
function loadRow(load, reverse) {
  const when = new Date(load.created_at);
  const outcome = load.processor_response_text ? `${load.status}: ${load.processor_response_text}` : load.status;
  const back = (load.reversals ?? []).filter((r) => r.status === 'succeeded');
  const reversed = back.length ? ` (given back: ${back.map((r) => `${r.amount} ${r.method}`).join(', ')})` : '';
  const action = el('td');
  if (load.reversible && load.reversible !== '0.00') {
    const button = el('button', { type: 'button', textContent: 'Reverse' });
    button.setAttribute('aria-label', `Reverse the load of ${load.amount}`);
    button.addEventListener('click', () => {
      button.disabled = true;
      reverse(load);
    });
    action.append(button);
  }
  return el(
    'tr',
    { className: `load-${load.status}` },
    el('td', { className: 'amount', textContent: load.amount }),
    el('td', { textContent: outcome + reversed }),
    el('td', { textContent: Number.isNaN(when.getTime()) ? '' : when.toLocaleString() }),
    action,
  );
}

/** A reversal's answer in the API's words: done, waiting for settlement, or its error. */
function describeReversal(res) {
  const r = res.body?.reversal;
  if (res.status === 200 && r) return { ok: true, text: `Gave back ${r.amount} (${r.method}).` };
  if (res.status === 202 && r) {
    return { ok: true, text: `The refund of ${r.amount} waits for the sale to settle; it completes then.` };
  }
  return { ok: false, text: describeError(res) };
}

/** One card: its balance, its load form and its loads. `changed` reloads the whole list's balances. */
function cardView(card, changed) {
  const titleId = `card-${card.id}-title`;
  const balance = el('strong', { className: 'balance' });
  const held = el('span', { className: 'held' });
  const frozen = el('strong', { className: 'frozen', textContent: ' · frozen', hidden: true });
  const amount = el('input', { name: 'amount', inputMode: 'decimal', placeholder: '100.00', required: true });
  amount.autocomplete = 'off';
  const nonce = el(
    'select',
    { name: 'nonce' },
    ...NONCES.map(([value, label]) => el('option', { value, textContent: `${label} (${value})` })),
  );
  const controls = el(
    'fieldset',
    {},
    el('legend', { textContent: 'Load this card' }),
    el('label', {}, 'Amount ', amount),
    el('label', {}, 'Test card ', nonce),
    el('button', { type: 'submit', textContent: 'Load' }),
  );
  const form = el('form', { className: 'load' }, controls);
  const say = messages();
  const retry = el('button', { type: 'button', textContent: 'Retry the same load', hidden: true });
  const rows = el('tbody');
  const loads = el(
    'table',
    { className: 'loads', hidden: true },
    el('caption', { textContent: 'Loads' }),
    el(
      'thead',
      {},
      el('tr', {}, ...['Amount', 'Outcome', 'When', ''].map((h) => el('th', { scope: 'col', textContent: h }))),
    ),
    rows,
  );
  const statement = statementForm(card, say);
  const element = el(
    'li',
    { className: 'card' },
    el('h3', { id: titleId }, card.name),
    el('p', {}, 'Balance ', balance, ' · held by disputes ', held, frozen),
    form,
    ...say.nodes,
    retry,
    loads,
    statement,
  );
  element.setAttribute('aria-labelledby', titleId);

  /** The load last answered with an unknown outcome: Retry sends it again with the same key. */
  let pending = null;

  async function showLoads() {
    const res = await call('GET', `/cards/${card.id}/loads/`);
    if (res.status !== 200) return say.error(describeError(res));
    rows.replaceChildren(...res.body.loads.map((load) => loadRow(load, reverse)));
    loads.hidden = res.body.loads.length === 0;
  }

  async function send(attempt) {
    controls.disabled = true; // with the key, a second click cannot start a second charge
    retry.hidden = true;
    say.ok(`Loading ${attempt.body.amount}…`);
    const res = await call('POST', `/cards/${card.id}/load/`, {
      body: attempt.body,
      headers: { 'Idempotency-Key': attempt.key },
    });
    controls.disabled = false;
    if (res.status === 200) {
      pending = null;
      amount.value = '';
      say.ok(`Loaded ${attempt.body.amount}.`);
    } else if (outcomeUnknown(res)) {
      pending = attempt;
      retry.hidden = false;
      say.error(
        `The outcome of this load of ${attempt.body.amount} is not known yet; it is not in the balance until ` +
          'it is settled. Retry the same load to ask again: it cannot be charged twice.',
      );
    } else {
      pending = null;
      say.error(describeError(res));
    }
    await Promise.all([changed(), showLoads()]);
  }

  async function reverse(load) {
    say.ok(`Giving back ${load.reversible}…`);
    const res = await call('POST', `/cards/${card.id}/loads/${load.id}/reverse`, {
      body: {},
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    const answer = describeReversal(res);
    if (answer.ok) say.ok(answer.text);
    else say.error(answer.text);
    await Promise.all([changed(), showLoads()]);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = normaliseAmount(amount.value);
    if (value === null) return say.error('Amount not accepted: type an amount such as 100.00.');
    send({ key: crypto.randomUUID(), body: { nonce: nonce.value, amount: value } });
  });
  retry.addEventListener('click', () => {
    if (pending) send(pending);
  });

  return {
    element,
    showLoads,
    update(next) {
      balance.textContent = next.balance;
      held.textContent = next.held ?? '0.00';
      frozen.hidden = !next.frozen;
    },
  };
}

/** Shows the user's cards in `#cards` and wires the create form; call once after login. */
export async function showCards() {
  const $ = (id) => document.getElementById(id);
  const list = $('card-list');
  const views = new Map();
  const pageError = (text) => {
    $('cards-error').textContent = text;
  };

  async function refresh() {
    // GET /cards/ is paged: follow `next` to the last page (at most 200 cards a page).
    const cards = [];
    for (let cursor = ''; ; ) {
      const res = await call('GET', `/cards/?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (res.status !== 200) return pageError(describeError(res));
      cards.push(...res.body.cards);
      if (!res.body.next) break;
      cursor = res.body.next;
    }
    pageError('');
    const fresh = [];
    for (const card of cards) {
      let view = views.get(card.id);
      if (!view) {
        view = cardView(card, refresh);
        views.set(card.id, view);
        list.append(view.element);
        fresh.push(view);
      }
      view.update(card);
    }
    $('no-cards').hidden = views.size > 0;
    await Promise.all(fresh.map((view) => view.showLoads()));
  }

  $('new-card').addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = $('card-name');
    const button = event.submitter;
    button.disabled = true; // one click, one card
    const res = await call('POST', '/cards/', { body: { name: name.value } });
    button.disabled = false;
    if (res.status !== 201) return pageError(describeError(res));
    name.value = '';
    await refresh();
  });

  $('cards').hidden = false;
  await refresh();
}
