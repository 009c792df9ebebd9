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

async function show(root) {
  const o = await call('GET', '/admin/v1/overview');
  const u = o.users;
  const recon = o.reconciliation;
  root.append(
    el('h1', {}, 'Overview'),
    el('p', { className: 'muted' }, `As of ${when(o.generated_at)}`),
    el(
      'dl',
      { className: 'tiles' },
      tile('Users', u.total, 'users.total', '#/users'),
      tile('New, 24 h', u.new_24h, 'users.new_24h'),
      tile('New, 7 days', u.new_7d, 'users.new_7d'),
      tile('Active, 24 h', u.active_24h, 'users.active_24h'),
      tile('Active, 7 days', u.active_7d, 'users.active_7d'),
      tile('Blocked', u.blocked, 'users.blocked', '#/users'),
      tile('Sessions live', o.sessions_live, 'sessions_live'),
      tile('Webhook deliveries failing', o.webhooks.deliveries_failing, 'webhooks.deliveries_failing', '#/webhooks'),
      tile('Webhooks disabled', `${o.webhooks.disabled} of ${o.webhooks.endpoints}`, 'webhooks.disabled', '#/webhooks'),
      tile('Open disputes', o.disputes.open, 'disputes.open', '#/money'),
      tile('Held in open disputes', cents(o.disputes.open_amount_cents), 'disputes.open_amount', '#/money'),
      tile('Unmatched disputes', o.disputes.unmatched, 'disputes.unmatched', '#/money'),
      tile(
        'Reconciliation',
        recon
          ? `${recon.status}${recon.date ? ` (${recon.date})` : ''}, ${recon.discrepancies ?? 0} discrepancies`
          : 'not run',
        'reconciliation',
      ),
    ),
  );
  const providers = Object.keys(o.logins.by_provider ?? {}).sort();
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
    chart(
      'Card loads per hour',
      o.loads.hours,
      [
        { key: 'succeeded', label: 'succeeded', values: o.loads.succeeded, colour: COLOURS[1] },
        { key: 'declined', label: 'declined', values: o.loads.declined, colour: COLOURS[3] },
        { key: 'failed', label: 'failed', values: o.loads.failed, colour: FAILURE },
      ],
      'loads',
    ),
    el('p', { className: 'muted' }, `Loaded over 7 days: ${cents(sum(o.loads.amount_cents))}`),
  );
  window.addEventListener('resize', resize);
}

function hide() {
  window.removeEventListener('resize', resize);
  for (const plot of charts) plot.destroy();
  charts = [];
}

export default { title: 'Overview', show, hide };
