// The cards part of the / page in a real browser (headless Chromium), against the real stack with the
// development processor, as `pnpm start` runs it: log in with dev, create a card, load it with the
// test nonces, and read the balance, the loads and the API's errors the way a person sees them.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, type Stack } from '@gatehouse/test-kit/stack';
import type { Locator, Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';
import { type DevProcessorStack, startDevProcessorStack } from './dev-processor-stack';

let running: DevProcessorStack;
let stack: Stack;
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let page: Page;

beforeAll(async () => {
  running = await startDevProcessorStack();
  stack = running.stack;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

/** Screenshots go to .data/ (gitignored), for a person to look at after the run. */
function shot(file: string): string {
  mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  return path.join(ROOT, '.data', file);
}

/** The card whose heading is `name`. */
const cardNamed = (name: string) =>
  page.locator('li.card').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Waits until the element's whole text is `text` (playwright-core has no `expect`). */
const waitForText = (locator: Locator, text: string | RegExp) => locator.filter({ hasText: text }).first().waitFor();

async function load(card: Locator, amount: string, nonce: string) {
  await card.getByLabel('Amount').fill(amount);
  await card.getByLabel('Test card').selectOption(nonce);
  await card.getByRole('button', { name: 'Load', exact: true }).click();
}

describe('cards on the / page', () => {
  itWithChromium(
    'logs in, creates a card, loads it, and shows the balance, the loads, a limit and a decline',
    async () => {
      browser = await launchChromium();
      page = await browser.context.newPage();
      page.setDefaultTimeout(10_000); // a missing text fails the test well before Jest's timeout
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'dev', exact: true }).click();
      await page.getByLabel('User name').fill('card-page-user');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${stack.url}/`);
      await page.locator('#no-cards').waitFor({ state: 'visible' }); // the list is loaded, and empty
      expect(await page.locator('#name').textContent()).toBe('card-page-user');

      await page.getByLabel('Card name').fill('Card-1');
      await page.getByRole('button', { name: 'Create card' }).click();
      const card = cardNamed('Card-1');
      await waitForText(card.locator('.balance'), /^0\.00$/);
      expect(await page.locator('#no-cards').isVisible()).toBe(false);

      await load(card, '100.00', 'fake-valid-nonce');
      await waitForText(card.locator('.balance'), /^100\.00$/);
      await waitForText(card.getByRole('status'), 'Loaded 100.00.');
      const rows = card.locator('table.loads tbody tr');
      await waitForText(rows, 'succeeded: Approved');
      expect(await rows.first().locator('td').allTextContents()).toEqual([
        '100.00',
        'succeeded: Approved',
        expect.any(String),
        'Reverse',
      ]);
      expect(await card.locator('.held').textContent()).toBe('0.00');

      await load(card, '450.00', 'fake-valid-nonce');
      await waitForText(card.getByRole('alert'), 'Refused by the 1-day limit: 100.00 + 450.00 > 500.00 (1 day).');
      expect(await card.locator('.balance').textContent()).toBe('100.00');

      await load(card, '10.00', 'fake-processor-declined-visa-nonce');
      await waitForText(card.getByRole('alert'), 'Declined by the card processor: Do Not Honor (code 2000).');
      expect(await card.locator('.balance').textContent()).toBe('100.00');
      expect(await card.locator('[role=status]').textContent()).toBe(''); // the decline replaced 'Loaded'

      await card.screenshot({ path: shot('cards-page-decline.png') });

      // Caught in the page before it is sent; the amount stays for the person to correct.
      await load(card, '1.234', 'fake-valid-nonce');
      await waitForText(card.getByRole('alert'), 'Amount not accepted: type an amount such as 100.00.');
      expect(await card.getByLabel('Amount').inputValue()).toBe('1.234');
    },
    60_000,
  );

  itWithChromium(
    'after an unknown outcome, Retry sends the same Idempotency-Key; a new load sends a new one',
    async () => {
      const card = cardNamed('Card-1');
      const keys: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && req.url().endsWith('/load/')) keys.push(req.headers()['idempotency-key'] ?? '');
      });
      // The first answer is lost on the way back, as when the payment service dies mid-load.
      await page.route('**/load/', (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 'error',
            errors: [{ code: 'processor-unavailable', message: 'the outcome of this load is unknown' }],
          }),
        }),
      );
      await load(card, '20', 'fake-valid-visa-nonce');
      await waitForText(card.getByRole('alert'), /outcome of this load of 20\.00 is not known yet/);
      await page.unroute('**/load/');

      await card.getByRole('button', { name: 'Retry the same load' }).click();
      await waitForText(card.locator('.balance'), /^120\.00$/);
      expect(await card.getByRole('button', { name: 'Retry the same load' }).isVisible()).toBe(false);
      await load(card, '5.00', 'fake-valid-mastercard-nonce');
      await waitForText(card.locator('.balance'), /^125\.00$/);

      expect(keys).toHaveLength(3);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).not.toBe(keys[0]);
      for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    },
    60_000,
  );

  itWithChromium(
    'Reverse gives a load back and words the answer as the API does; nothing is left to reverse then',
    async () => {
      await page.getByLabel('Card name').fill('Back');
      await page.getByRole('button', { name: 'Create card' }).click();
      const card = cardNamed('Back');
      await waitForText(card.locator('.balance'), /^0\.00$/);
      await load(card, '30.00', 'fake-valid-nonce');
      await waitForText(card.locator('.balance'), /^30\.00$/);
      await card.getByRole('button', { name: 'Reverse the load of 30.00' }).click();
      await waitForText(card.getByRole('status'), 'Gave back 30.00 (void).');
      await waitForText(card.locator('.balance'), /^0\.00$/);
      await waitForText(card.locator('table.loads tbody tr'), 'given back: 30.00 void');
      expect(await card.getByRole('button', { name: 'Reverse the load of 30.00' }).count()).toBe(0);
    },
    60_000,
  );

  itWithChromium(
    "downloads a month's statement as CSV, and says when a month has none",
    async () => {
      const card = cardNamed('Back');
      const month = new Date().toISOString().slice(0, 7);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Download statement' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^card-\\d+-statement-${month}\\.csv$`));
      const csv = readFileSync(await download.path(), 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(csv[0]).toBe('date,kind,id,load_id,amount_cents,amount,balance_cents,balance');
      expect(csv.at(-1)).toMatch(/^[^,]*,closing,.*,0,0\.00$/);
      await waitForText(card.getByRole('status'), `Statement for ${month} downloaded.`);

      await card.getByLabel('Month').fill('1999-01');
      await card.getByRole('button', { name: 'Download statement' }).click();
      await waitForText(card.getByRole('alert'), 'No statement for 1999-01.');
    },
    60_000,
  );

  itWithChromium(
    'shows a card name as text, never as markup',
    async () => {
      const name = '<img src=x onerror="document.title=1">';
      await page.getByLabel('Card name').fill(name);
      await page.getByRole('button', { name: 'Create card' }).click();
      await waitForText(cardNamed(name).locator('.balance'), /^0\.00$/);
      expect(await page.locator('li.card img').count()).toBe(0);
      expect(await page.title()).toBe('Gatehouse');

      await page.screenshot({ path: shot('cards-page.png'), fullPage: true });
    },
    60_000,
  );
});
