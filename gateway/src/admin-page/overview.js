// The overview, the console's first screen: every figure from ONE call, GET /admin/v1/overview, which
// reads summaries (no trail scan per view). Numbers as tiles; logins and loads per hour over 7 days as
// uPlot charts (served by this listener from node_modules: no third-party origin), their totals beside.
import uPlot from '/vendor/uPlot.esm.js';
import { call } from './api.js';
import { cents, el, link, section, when } from './ui.js';

const COLOURS = ['#2563eb', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777', '#4b5563'];
const FAILURE = '#dc2626';
let charts = [];

function tile(label, value, stat, href) {
  const number = el('dd', { dataset: { stat } }, String(value));
  return el('div', { className: 'tile' }, el('dt', {}, href ? link(href, label) : label), number);
}

const sum = (xs) => (xs ?? []).reduce((a, b) => a + b, 0);

/** A line chart of hourly series; the totals of each series beside it, as a list. */
function chart(title, hours, series, stat) {
  const box = el('div', { className: 'chart', role: 'img', 'aria-label': `${title}, per hour over 7 days` });
  const totals = el(
    'dl',
    { className: 'totals' },
    series.map((s) => [
      el('dt', {}, s.label),
      el('dd', { dataset: { stat: `${stat}.${s.key}` } }, String(sum(s.values))),
    ]),
  );
  const panel = section(title, el('div', { className: 'chart-row' }, box, totals));
  const xs = hours.map((h) => Math.floor(Date.parse(h) / 1000));
  const draw = () => {
    const width = Math.max(260, box.clientWidth || 600);
    const plot = new uPlot(
      {
        width,
        height: 220,
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.colour, width: 1.5, points: { show: false } }))],
        axes: [{}, { size: 40 }],
        legend: { live: false },
      },
      [xs, ...series.map((s) => s.values)],
      box,
    );
    charts.push(plot);
  };
  // Drawn once the panel is in the page, so the box has its width.
  requestAnimationFrame(draw);
  return panel;
}

function resize() {
  for (const plot of charts) {
    const box = plot.root.parentElement;
    if (box) plot.setSize({ width: Math.max(260, box.clientWidth), height: 220 });
  }
}

const UNAVAILABLE = '—';

/** The tiles of what answered; a service that did not is named in `unavailable` and its figures are —. */
function tiles(o) {
  const u = o.users;
  const w = o.webhooks;
  const d = o.disputes;
  const r = o.reconciliation;
  const n = (v) => (v === null || v === undefined ? UNAVAILABLE : v);
  const reconciliation = !r
    ? UNAVAILABLE
    : !r.status
      ? 'not run yet'
      : `${r.status} (${r.date}), ${r.discrepancies} discrepancies`;
  return el(
    'dl',
    { className: 'tiles' },
    tile('Users', n(u?.total), 'users.total', '#/users'),
    tile('New, 24 h', n(u?.new_24h), 'users.new_24h'),
    tile('New, 7 days', n(u?.new_7d), 'users.new_7d'),
    tile('Active, 24 h', n(u?.active_24h), 'users.active_24h'),
    tile('Active, 7 days', n(u?.active_7d), 'users.active_7d'),
    tile('Blocked', n(u?.blocked), 'users.blocked', '#/users'),
    tile('Sessions live', n(o.sessions_live), 'sessions_live'),
    tile('Webhook deliveries failing', n(w?.deliveries_failing), 'webhooks.deliveries_failing', '#/webhooks'),
    tile('Webhooks disabled', w ? `${w.disabled} of ${w.endpoints}` : UNAVAILABLE, 'webhooks.disabled', '#/webhooks'),
    tile('Open disputes', n(d?.open), 'disputes.open', '#/money'),
    tile('In open disputes', d ? cents(d.open_amount_cents) : UNAVAILABLE, 'disputes.open_amount', '#/money'),
    tile('Unmatched disputes', n(d?.unmatched), 'disputes.unmatched', '#/money'),
    tile('Reconciliation', reconciliation, 'reconciliation'),
  );
}

async function show(root) {
  const o = await call('GET', '/admin/v1/overview');
  root.append(el('h1', {}, 'Overview'), el('p', { className: 'muted' }, `As of ${when(o.generated_at)}`));
  if ((o.unavailable ?? []).length > 0) {
    root.append(
      el('p', { className: 'error' }, `Not answering: ${o.unavailable.join(', ')} (their figures are ${UNAVAILABLE}).`),
    );
  }
  root.append(tiles(o));
  if (o.logins) {
    const providers = Object.keys(o.logins.by_provider).sort();
    root.append(
      chart(
        'Logins per hour',
        o.logins.hours,
        [
          ...providers.map((p, i) => ({
            key: p,
            label: p,
            values: o.logins.by_provider[p],
            colour: COLOURS[i % COLOURS.length],
          })),
          { key: 'failures', label: 'failures', values: o.logins.failures, colour: FAILURE },
        ],
        'logins',
      ),
    );
  }
  if (o.loads) {
    const outcomes = [
      ['succeeded', COLOURS[1]],
      ['declined', COLOURS[3]],
      ['failed', FAILURE],
      ['refused', COLOURS[5]],
      ['unknown', COLOURS[7]],
    ].filter(([key]) => Array.isArray(o.loads[key]));
    root.append(
      chart(
        'Card loads per hour',
        o.loads.hours,
        outcomes.map(([key, colour]) => ({ key, label: key, values: o.loads[key], colour })),
        'loads',
      ),
      el('p', { className: 'muted' }, `Loaded over 7 days: ${cents(sum(o.loads.amount_cents))}`),
    );
  }
  window.addEventListener('resize', resize);
}

function hide() {
  window.removeEventListener('resize', resize);
  for (const plot of charts) plot.destroy();
  charts = [];
}

export default { title: 'Overview', show, hide };
