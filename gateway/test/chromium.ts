// Headless Chromium for the page tests: Debian's /usr/bin/chromium driven by playwright-core (no
// browser download). CI installs it (.ci/run) and must run these tests; elsewhere they are skipped.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** `it`, or `it.skip` on a machine without Chromium outside CI. */
export const itWithChromium: jest.It = existsSync(CHROMIUM) || process.env.CI ? it : it.skip;

/** A fresh profile, headless, no sandbox (containers), and nothing that calls out to the network. */
export async function launchChromium(
  extraArgs: string[] = [],
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'gh-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
