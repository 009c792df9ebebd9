// The admin page's settlement reconciliation and dispute evidence (docs/payments.md "Reconciliation"
// and "Dispute evidence"): pick a UTC day and read its report or run it now; answer an open dispute with
// text evidence, accept it, or finalize it. Every call is the admin API's own, through admin.js's `call`.
// The section builds its own markup; server text is written as text, never as markup.
import { el } from './limits.js';

const today = () => new Date().toISOString().slice(0, 10);
const money = (cents) => (cents === null || cents === undefined ? '—' : (cents / 100).toFixed(2));

export function reconciliationSection({ call, say, mount = document.querySelector('main') }) {
  const date = el('input', { id: 'recon-date', type: 'date', value: today() });
  const read = el('button', { id: 'recon-read', type: 'button', text: 'Show report' });
  const run = el('button', { id: 'recon-run', type: 'button', text: 'Run now' });
  const summary = el('p', { id: 'recon-summary' });
  const totals = el('tbody', { id: 'recon-totals' });
  const differences = el('tbody', { id: 'recon-discrepancies' });
  const report = el(
    'div',
    { id: 'recon-report', hidden: true },
    summary,
    el('table', {}, head('Merchant account', 'Kind', 'Processor', 'Ledger'), totals),
    el('h3', { text: 'Differences' }),
    el('table', {}, head('Kind', 'Transaction', 'Load', 'Processor', 'Ledger'), differences),
  );

  const disputeId = el('input', { id: 'dispute-id', maxlength: '64', autocomplete: 'off' });
  const text = el('textarea', { id: 'dispute-text', rows: '3', maxlength: '4000' });
  const category = el('input', { id: 'dispute-category', maxlength: '64', placeholder: 'GENERAL' });
  const disputeForm = el(
    'form',
    { id: 'dispute-form' },
    el('label', {}, "Dispute id (the processor's) ", disputeId),
    el('label', {}, 'Text evidence ', text),
    el('label', {}, 'Category ', category),
    el('button', { type: 'submit', text: 'Add evidence' }),
    el('button', { id: 'dispute-accept', type: 'button', text: 'Accept' }),
    el('button', { id: 'dispute-finalize', type: 'button', text: 'Finalize' }),
  );
  const disputeAnswer = el('p', { id: 'dispute-answer' });

  mount.append(
    el(
      'section',
      { id: 'reconciliation', 'aria-labelledby': 'recon-title' },
      el('h2', { id: 'recon-title', text: 'Reconciliation' }),
      el('form', { id: 'recon-form' }, el('label', {}, 'Day (UTC) ', date), read, run),
      report,
      el('h2', { text: 'Dispute evidence' }),
      disputeForm,
      disputeAnswer,
    ),
  );

  const fail = (err) => say(`${err.message}`);

  function show(r) {
    const differs = r.discrepancies.length;
    summary.textContent = `${r.date}: ${r.status}${r.error ? ` (${r.error})` : ''}; ${differs} difference${
      differs === 1 ? '' : 's'
    }; finished ${r.finished_at ? new Date(r.finished_at).toLocaleString() : 'not yet'}`;
    totals.replaceChildren(
      ...r.totals.map((t) =>
        line(
          t.merchant_account_id,
          t.kind,
          `${t.processor.count} / ${money(t.processor.amount_cents)}`,
          `${t.ledger.count} / ${money(t.ledger.amount_cents)}`,
        ),
      ),
    );
    differences.replaceChildren(
      ...r.discrepancies.map((d) =>
        line(d.kind, d.transaction_id, d.load_id ?? '—', money(d.processor_cents), money(d.ledger_cents)),
      ),
    );
    report.hidden = false;
  }

  read.addEventListener('click', () => {
    say('');
    call('GET', `/admin/v1/reconciliation?date=${encodeURIComponent(date.value)}`)
      .then(show)
      .catch(fail);
  });
  run.addEventListener('click', () => {
    say('Running…');
    call('POST', '/admin/v1/reconciliation/run', { date: date.value })
      .then((r) => {
        show(r);
        say(r.ran ? 'Reconciled.' : 'Another replica is running that day: its report as it stands.');
      })
      .catch(fail);
  });

  const disputePath = (action) => `/admin/v1/disputes/${encodeURIComponent(disputeId.value.trim())}/${action}`;
  const answered = (a) => {
    disputeAnswer.textContent = `${a.action}: ${a.evidence_id ? `evidence ${a.evidence_id}` : ''}${
      a.status ? `status ${a.status}` : ''
    }`;
  };
  disputeForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = { text: text.value };
    if (category.value.trim()) body.category = category.value.trim();
    call('POST', disputePath('evidence'), body)
      .then((a) => {
        answered(a);
        text.value = '';
        say('Evidence added.');
      })
      .catch(fail);
  });
  for (const action of ['accept', 'finalize']) {
    disputeForm.querySelector(`#dispute-${action}`).addEventListener('click', () => {
      const words =
        action === 'accept' ? 'Accept this dispute (it is lost on purpose)?' : 'Finalize it: the evidence goes out?';
      if (!window.confirm(words)) return;
      call('POST', disputePath(action))
        .then((a) => {
          answered(a);
          say(`Dispute ${action === 'accept' ? 'accepted' : 'finalized'}.`);
        })
        .catch(fail);
    });
  }
}

function head(...titles) {
  return el('thead', {}, el('tr', {}, ...titles.map((t) => el('th', { text: t }))));
}

function line(...cells) {
  return el('tr', {}, ...cells.map((c) => el('td', { text: String(c) })));
}
