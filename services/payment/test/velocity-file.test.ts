// PAYMENT_VELOCITY_RULES_FILE (issue 49 §2): JSON or YAML, checked whole when the configuration is read,
// so a bad file stops the start with the file, the rule and the field in the words.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPaymentConfig } from '../src/config';
import { parseVelocityRules } from '../src/velocity/file';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };
const dir = mkdtempSync(path.join(tmpdir(), 'velocity-file-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

test('unset or empty (compose passes it so): no file rules', () => {
  expect(loadPaymentConfig(base).velocityRules).toEqual([]);
  expect(loadPaymentConfig({ ...base, PAYMENT_VELOCITY_RULES_FILE: '' }).velocityRules).toEqual([]);
});

test('YAML and JSON files read into the file rules, the mode enforce unless said', () => {
  const yaml = file(
    'rules.yaml',
    `rules:
  - { name: card-declines, subject: card, counts: declines, threshold: 5, window: 10m, action: block }
  - name: cards-per-address
    subject: address
    counts: distinct_cards
    threshold: 3
    window: 1h30m
    action: review
    mode: dry_run
`,
  );
  expect(loadPaymentConfig({ ...base, PAYMENT_VELOCITY_RULES_FILE: yaml }).velocityRules).toEqual([
    {
      name: 'card-declines',
      subject: 'card',
      counts: 'declines',
      threshold: 5,
      windowSeconds: 600,
      action: 'block',
      mode: 'enforce',
      source: 'file',
    },
    {
      name: 'cards-per-address',
      subject: 'address',
      counts: 'distinct_cards',
      threshold: 3,
      windowSeconds: 5400,
      action: 'review',
      mode: 'dry_run',
      source: 'file',
    },
  ]);
  const json = file(
    'rules.json',
    JSON.stringify({
      rules: [
        { name: 'big', subject: 'owner', counts: 'amount_cents', threshold: 100_000, window: '1d', action: 'review' },
      ],
    }),
  );
  expect(loadPaymentConfig({ ...base, PAYMENT_VELOCITY_RULES_FILE: json }).velocityRules).toMatchObject([
    { name: 'big', windowSeconds: 86_400 },
  ]);
});

test('a bad file stops the start, naming the file, the rule and the field', () => {
  const bad = file(
    'bad.yaml',
    'rules:\n  - { name: x, subject: owner, counts: loads, threshold: 1, window: soon, action: block }\n',
  );
  expect(() => loadPaymentConfig({ ...base, PAYMENT_VELOCITY_RULES_FILE: bad })).toThrow(
    `PAYMENT_VELOCITY_RULES_FILE: ${bad} at rules.0.window: a duration such as 10m, 1h or 7d (1s to 30d, whole seconds)`,
  );
  expect(() => loadPaymentConfig({ ...base, PAYMENT_VELOCITY_RULES_FILE: path.join(dir, 'missing.json') })).toThrow(
    /PAYMENT_VELOCITY_RULES_FILE: cannot read .*missing\.json/,
  );
  expect(() => loadPaymentConfig({ ...base, PAYMENT_VELOCITY_RULES_FILE: file('broken.json', '{"rules": [') })).toThrow(
    /PAYMENT_VELOCITY_RULES_FILE: cannot read/,
  );
  const rule = { name: 'a', subject: 'owner', counts: 'loads', threshold: 1, window: '1h', action: 'block' };
  const problems: [unknown, RegExp][] = [
    [[rule], /expected object/],
    [{ rules: [rule, rule] }, /two rules have the same name/],
    [{ rules: [{ ...rule, subject: 'device' }] }, /rules\.0\.subject/],
    [
      { rules: [{ ...rule, counts: 'distinct_cards', subject: 'card' }] },
      /rules\.0\.counts: .*per owner or per address/,
    ],
    [{ rules: [{ ...rule, threshold: 1.5 }] }, /rules\.0\.threshold/],
    [{ rules: [{ ...rule, window: '31d' }] }, /rules\.0\.window/],
    [{ rules: [{ ...rule, action: 'alert' }] }, /rules\.0\.action/],
    [{ rules: [{ ...rule, mode: 'log' }] }, /rules\.0\.mode/],
    [{ rules: [{ ...rule, name: 'Upper' }] }, /rules\.0\.name/],
    [{ rules: [{ ...rule, extra: 1 }] }, /rules\.0/],
  ];
  for (const [content, words] of problems) expect(() => parseVelocityRules(content, 'f.yaml')).toThrow(words);
});
