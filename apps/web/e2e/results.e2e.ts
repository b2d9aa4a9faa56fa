// @vitest-environment node
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchChromium, missingForE2e, type RunningHost, startHost } from './harness.js';

// Results in words, in a real browser against `c-host serve --sandbox`: a fetched document as its
// text, a subscription's items and a customer's metadata as fields, a Linear issue list's columns, a
// saved chart's `_active` row as "Active users". Each is photographed at 1,280 and 390 px into
// `artifacts/results/` (ui.e2e.ts clears only the top of `artifacts/`).

const missing = missingForE2e();
const shots = join(artifactsDir, 'results');

describe.skipIf(Boolean(missing))('results in words in Chromium', { timeout: 120_000 }, () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    rmSync(shots, { recursive: true, force: true });
    mkdirSync(shots, { recursive: true });
    host = await startHost();
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(host.link);
    await page.getByRole('navigation', { name: 'Commands' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  /** Opens a command, types the values given into its form, runs it and waits for its result. */
  async function runWith(id: string, values: Record<string, string>) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${host.url}/#/commands/${id}`);
    await page.getByRole('button', { name: 'Run', exact: true }).waitFor();
    for (const [key, value] of Object.entries(values)) {
      const control = page.locator(`[id="command-form_${key}"]`);
      await control.fill(value);
      await control.press('Tab');
    }
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#result-title').waitFor();
    await expect(page.locator('#result-title').textContent()).resolves.toBe('Result');
  }

  /** Photographs the page at both widths, and fails when it is wider than the window. */
  async function photograph(name: string) {
    for (const { width, height } of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width, height });
      // From the top: a scrolled page would show the sticky header mid-way.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: join(shots, `w${width}-${name}.png`), fullPage: true });
      const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }

  it('shows a fetched document as its text, with its title and revision above', async () => {
    await runWith('docs.fetchDocumentContent', {
      documentId: '1T6dCxR4WREs9gU9ELxhEvDtK6kACyQ3412Dj44T02sk',
    });
    const text = page.getByLabel('Document text');
    await text.getByRole('heading', { name: 'Action items' }).waitFor();
    await expect(page.locator('.document__facts').textContent()).resolves.toContain('Revision ID');
    await expect(text.textContent()).resolves.not.toContain('startIndex');
    await photograph('document');
  });

  it('shows a subscription’s items, tax and invoice settings as fields', async () => {
    await runWith('payments.getSubscription', { subscriptionId: 'sub_SeedGraceStarter' });
    const details = page.locator('.table--details');
    await expect(details.textContent()).resolves.toMatch(/Starter monthly · \$9\.00 every month × 1/);
    await expect(details.textContent()).resolves.not.toContain('{"');
    await photograph('subscription');
  });

  it('shows a customer’s metadata as key and value rows', async () => {
    await runWith('payments.getCustomerById', { customerId: 'cus_SeedAdaLovelace' });
    const metadata = page.locator('.table--details tr', {
      has: page.getByRole('rowheader', { name: 'metadata' }),
    });
    await expect(metadata.locator('dt').allTextContents()).resolves.toEqual(['plan', 'region']);
    await photograph('customer');
  });

  it('shows a Linear issue list with its state, assignee and priority', async () => {
    await runWith('issues.searchIssues', {});
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
      'identifier',
      'title',
      'state',
      'assignee',
      'priorityLabel',
      'updatedAt',
    ]);
    await photograph('issues');
  });

  it('names a saved chart’s _active row "Active users" and says what its rows are', async () => {
    await runWith('analytics.getChartResults', { chartId: 'sbx7dau' });
    await page.getByRole('cell', { name: 'Active users' }).waitFor();
    await photograph('saved-chart-active');
    await runWith('analytics.getChartResults', { chartId: 'sbx4k2m' });
    await page.getByText(/^6 rows$/).waitFor();
    await photograph('saved-chart');
    expect(pageErrors).toEqual([]);
  });
});
