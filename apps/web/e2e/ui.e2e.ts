// @vitest-environment node
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchChromium, missingForE2e, type RunningHost, startHost } from './harness.js';

const missing = missingForE2e();

if (missing && process.env.CI) {
  // In CI the browser tests are part of "done": a missing browser or build is a failure, not a skip.
  describe('web UI in Chromium', () => {
    it('has what the browser tests need', () => {
      throw new Error(`Browser tests cannot run: ${missing}`);
    });
  });
} else if (missing) {
  console.warn(`[web e2e] skipped: ${missing}`);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });

describe.skipIf(Boolean(missing))(
  'web UI in Chromium against `c-host serve --sandbox`',
  { timeout: 60_000 },
  () => {
    let host: RunningHost;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let simulator: { url: string; connection: { credentials: { apiKey: string } }; close(): Promise<void> };
    const pageErrors: string[] = [];

    beforeAll(async () => {
      // An API-key account of our own: its key is known here, unlike the sandbox's generated one.
      const { startPaymentsSimulator } = await import('@c/payments/testing');
      simulator = (await startPaymentsSimulator({ seed: true })) as unknown as typeof simulator;
      host = await startHost();
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
    });

    afterAll(async () => {
      await browser?.close();
      await host?.stop();
      await simulator?.close();
    });

    async function openCommand(id: string) {
      await page.goto(`${host.url}/#/commands/${id}`);
      await page.getByRole('button', { name: 'Run', exact: true }).waitFor();
    }

    async function run() {
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.locator('#result-title').waitFor();
    }

    it('asks for the token without a session, and signs in with the printed one-time link', async () => {
      await page.goto(host.url);
      await page.getByRole('heading', { name: 'Sign in to c-host' }).waitFor();
      await expect(page.getByLabel('Access token').getAttribute('type')).resolves.toBe('password');
      await shot(page, '01-sign-in');

      await page.goto(host.link);
      await page.getByRole('navigation', { name: 'Commands' }).waitFor();
      await expect(page.getByRole('link', { name: 'Get Customers', exact: true }).count()).resolves.toBe(1);
      await shot(page, '02-commands');
    });

    it('shows the sandbox connections and connects an API-key account, checked on save', async () => {
      await page.goto(`${host.url}/#/connections`);
      const list = page.getByRole('list', { name: 'Saved connections' });
      for (const name of ['sandbox-payments', 'sandbox-analytics', 'sandbox-issues', 'sandbox-docs']) {
        const card = list
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name, exact: true }) });
        await expect(card.getByText('Sandbox', { exact: true }).count()).resolves.toBe(1);
      }

      await page.getByRole('button', { name: 'Add connection' }).click();
      await page.getByLabel('Connector').selectOption('payments');
      await page.getByLabel('Connection name').fill('e2e-payments');
      const key = page.getByLabel(/API Key/i).first();
      await expect(key.getAttribute('type')).resolves.toBe('password');
      await page.getByText('Advanced options').click();
      await page.getByLabel(/Base URL/i).fill(simulator.url);
      await key.fill('sk_test_thisKeyIsNotKnown0000');
      await page.getByRole('button', { name: 'Save and check' }).click();
      await page.getByRole('alert', { name: 'Error' }).waitFor();
      await expect(page.getByRole('alert', { name: 'Error' }).textContent()).resolves.toContain(
        'Authentication failed',
      );
      await shot(page, '03-connection-refused');

      await key.fill(simulator.connection.credentials.apiKey);
      await page.getByRole('button', { name: 'Save and check' }).click();
      await page.getByText('Saved e2e-payments').waitFor();
      await expect(page.getByRole('heading', { name: 'e2e-payments', exact: true }).count()).resolves.toBe(1);
      await shot(page, '04-connections');
    });

    it('runs one command per connector from its form', async () => {
      await openCommand('payments.getCustomers');
      await page.getByLabel('Connection').selectOption('e2e-payments');
      await page.getByLabel('Limit').fill('5');
      await run();
      await page.getByRole('tab', { name: 'Table', selected: true }).waitFor();
      await expect(page.locator('.table tbody tr').count()).resolves.toBeGreaterThan(0);
      await shot(page, '05-result-table');

      await openCommand('analytics.activeAndNewUserCounts');
      await page.getByLabel(/Start Date/).fill('2026-11-01');
      await page.getByLabel(/End Date/).fill('2026-11-14');
      await run();
      await page.getByRole('tab', { name: 'Chart', selected: true }).waitFor();
      await page.locator('.recharts-surface .recharts-line').first().waitFor();
      await shot(page, '06-active-users-chart');

      await openCommand('issues.createIssue');
      const team = page.getByRole('combobox', { name: /Team Id/ });
      await team.focus();
      await team.press('ArrowDown');
      await page.getByRole('listbox', { name: 'teams' }).getByRole('option').first().waitFor();
      await shot(page, '07-team-lookup');
      await team.press('Enter');
      await expect(team.inputValue()).resolves.not.toBe('');
      const status = page.getByRole('combobox', { name: /Status Id/ });
      await status.focus();
      await status.press('ArrowDown');
      await page.getByRole('listbox', { name: 'workflow states' }).getByRole('option').first().waitFor();
      await status.press('Enter');
      await page.getByLabel(/^Title/).fill('Checkout button does nothing on Safari');
      await run();
      await expect(page.locator('.result-card').textContent()).resolves.toContain(
        'Checkout button does nothing on Safari',
      );
      await shot(page, '08-issue-created');

      await openCommand('docs.createDocumentFile');
      await page.getByLabel(/Document Name/).fill('E2E meeting notes');
      await run();
      await page.getByRole('tab', { name: 'JSON', selected: true }).waitFor();
      await expect(page.locator('.result-card').textContent()).resolves.toContain('documentId');
    });

    it('shows a validation error next to its field', async () => {
      await openCommand('analytics.activeAndNewUserCounts');
      await page.getByLabel(/Start Date/).fill('2026-11-14');
      await page.getByLabel(/End Date/).fill('2026-11-01');
      await run();
      const endField = page.locator('.field').filter({ has: page.getByLabel(/End Date/) });
      await endField.locator('.field__error').waitFor();
      await expect(page.getByRole('alert', { name: 'Error' }).textContent()).resolves.toContain(
        'Invalid input',
      );
      await shot(page, '09-validation-error');
    });

    it('connects and reconnects an OAuth connector through the pop-up', async () => {
      await page.goto(`${host.url}/#/connections`);
      await page.getByRole('button', { name: 'Add connection' }).click();
      await page.getByLabel('Connector').selectOption('issues');
      await page.getByLabel('Connection name').fill('e2e-issues');
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: /^Connect / }).click(),
      ]);
      // The callback page closes itself at once: wait for that before clicking.
      await Promise.all([
        popup.waitForEvent('close'),
        popup.getByRole('button', { name: 'Approve' }).click(),
      ]);
      await page.getByText('Connected e2e-issues').waitFor();
      const card = page
        .getByRole('list', { name: 'Saved connections' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'e2e-issues', exact: true }) });
      await card.waitFor();

      const [again] = await Promise.all([
        context.waitForEvent('page'),
        card.getByRole('button', { name: 'Reconnect' }).click(),
      ]);
      await Promise.all([
        again.waitForEvent('close'),
        again.getByRole('button', { name: 'Approve' }).click(),
      ]);
      await card.getByText('Reconnected e2e-issues.').waitFor();
      await shot(page, '10-oauth-reconnected');
    });

    it('keeps recent runs, re-runnable, and works by keyboard on a narrow window', async () => {
      await page.goto(`${host.url}/#/recent`);
      await page
        .getByRole('button', { name: /Run .* again/ })
        .first()
        .waitFor();
      await shot(page, '11-recent-runs');
      await page.getByRole('button', { name: 'Run Create Document File again' }).first().click();
      await page.locator('#result-title').waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${host.url}/#/commands`);
      await page.reload();
      await page.getByRole('navigation', { name: 'Commands' }).waitFor();
      await page.keyboard.press('Tab');
      await expect(page.evaluate('document.activeElement?.textContent')).resolves.toBe('Skip to content');
      await shot(page, '12-narrow-commands');
      await openCommand('payments.getCustomers');
      await expect(page.getByRole('navigation', { name: 'Commands' }).isVisible()).resolves.toBe(false);
      await page.getByLabel('Connection').focus();
      await page.keyboard.press('Tab');
      await shot(page, '13-narrow-command-focus');
      expect(pageErrors).toEqual([]);
    });
  },
);
