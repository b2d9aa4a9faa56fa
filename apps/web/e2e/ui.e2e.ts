// @vitest-environment node
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
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

/** The two windows every screen must fit: a laptop and a phone. */
const widths = [
  { name: 'w1280', width: 1280, height: 900 },
  { name: 'w390', width: 390, height: 844 },
] as const;

/** A full-page screenshot, taken from the top (a scrolled page would show the sticky header mid-way). */
async function shot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** `YYYY-MM-DD` of a day `offset` days from today (UTC), where the sandbox has its events. */
function isoDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Fails when the page is wider than its window, when a control or heading sticks out on the right
 * (outside the boxes that scroll on purpose: tables, JSON, code), or when a short one-word table
 * cell (an id, an email, a URL) wraps onto more than one line.
 */
async function expectFits(page: Page, label: string) {
  const found = await measureFit(page);
  expect(
    found.scrollWidth,
    `${label}: the page is ${found.scrollWidth} px wide in a ${found.width} px window`,
  ).toBeLessThanOrEqual(found.width);
  expect(found.sticking, `${label}: sticks out on the right`).toEqual([]);
  expect(found.wrapped, `${label}: one-word cells wrapped`).toEqual([]);
}

/** What `expectFits` fails on, as lines to list (empty when the page fits). */
async function misfits(page: Page, label: string): Promise<string[]> {
  const found = await measureFit(page);
  return [
    ...(found.scrollWidth > found.width ? [`${label}: ${found.scrollWidth} px wide in ${found.width}`] : []),
    ...found.sticking.map((element) => `${label}: ${element} sticks out`),
    ...found.wrapped.map((cell) => `${label}: cell "${cell}" wrapped`),
  ];
}

/**
 * `misfits` in a window of this width. A chart follows a resize a frame or two later (a
 * ResizeObserver): a page too wide at once is measured again after a moment before it counts.
 */
async function misfitsAt(page: Page, width: number, label: string): Promise<string[]> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  const found = await misfits(page, label);
  if (found.length === 0) return found;
  await page.waitForTimeout(500);
  return misfits(page, label);
}

/** The page's width against its window's, what sticks out on the right, and one-word cells that wrap. */
async function measureFit(page: Page) {
  // Runs in the page (this file is compiled without the DOM's types, hence a string).
  return (await page.evaluate(`(() => {
    const width = window.innerWidth;
    const scrolling = '.table-wrap, .json-tree, .code, .tabs__list, .lookup__list, .command-list';
    const sticking = [...document.querySelectorAll('input, select, textarea, button, h1, h2, .card, .field')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5 && !element.closest(scrolling);
      })
      .map((element) => (element.tagName.toLowerCase() + '.' + element.className).slice(0, 80));
    const wrapped = [...document.querySelectorAll('.table td .cell')]
      .filter((cell) => {
        const text = cell.textContent || '';
        if (!text || /\\s/.test(text) || text.length > 60) return false;
        const lineHeight = Number.parseFloat(getComputedStyle(cell).lineHeight) || 20;
        return cell.getBoundingClientRect().height > lineHeight * 1.5;
      })
      .map((cell) => cell.textContent);
    return { scrollWidth: document.documentElement.scrollWidth, width, sticking, wrapped };
  })()`)) as { scrollWidth: number; width: number; sticking: string[]; wrapped: string[] };
}

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
    const consoleErrors: string[] = [];

    beforeAll(async () => {
      // An API-key account of our own: its key is known here, unlike the sandbox's generated one.
      const { startPaymentsSimulator } = await import('@c/payments/testing');
      simulator = (await startPaymentsSimulator({ seed: true })) as unknown as typeof simulator;
      host = await startHost();
      browser = await launchChromium();
      // Screenshots from an earlier run would pass for this one's.
      for (const file of readdirSync(artifactsDir)) {
        if (file.endsWith('.png')) rmSync(join(artifactsDir, file));
      }
      context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
      page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
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

    /** Runs a read command through the host's API with the page's session, for test data. */
    async function hostRun(id: string, input: Record<string, unknown>): Promise<unknown> {
      return page.evaluate(
        async ([command, body]) => {
          const response = await fetch(`/api/commands/${command}/run`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ input: body }),
          });
          return ((await response.json()) as { result?: unknown }).result;
        },
        [id, input] as const,
      );
    }

    it('asks for the token without a session, and signs in with the printed one-time link', async () => {
      await page.goto(host.url);
      await page.getByRole('heading', { name: 'Sign in to c-host' }).waitFor();
      await expect(page.getByLabel('Access token').getAttribute('type')).resolves.toBe('password');
      await shot(page, 'w1280-01-sign-in');

      // The page is in the browser's cache now: the link's redirect back to it revalidates it (304),
      // as every reload does, and the UI must still load.
      await page.goto(host.link);
      await page
        .getByRole('navigation', { name: 'Commands' })
        .waitFor({ timeout: 10_000 })
        .catch((cause: unknown) => {
          throw new Error(
            `the UI did not load after the sign-in redirect: ${consoleErrors.join(' | ') || cause}`,
          );
        });
      // Every page has its icon: no "Failed to load resource … 404" from the sign-in page or the UI.
      expect(consoleErrors.filter((message) => /\b404\b/.test(message))).toEqual([]);
      // About 200 commands: folded by area, an area opens on a click, a search opens what it finds.
      const list = page.getByRole('navigation', { name: 'Commands' });
      const customers = list
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Stripe', exact: true }) })
        .locator('details')
        .filter({ has: page.locator('summary', { hasText: /^Customers\d+$/ }) });
      await expect(customers.getAttribute('open')).resolves.toBeNull();
      await expect(list.getByRole('link', { name: 'Get Customers', exact: true }).count()).resolves.toBe(0);
      await customers.locator('summary').click();
      await expect(list.getByRole('link', { name: 'Get Customers', exact: true }).count()).resolves.toBe(1);
      await list.getByRole('searchbox', { name: 'Search commands' }).fill('refund');
      await list.getByRole('link', { name: /^Create Refund/ }).waitFor();
      await shot(page, 'w1280-02c-commands-search');
      await list.getByRole('searchbox', { name: 'Search commands' }).fill('');
    });

    it('shows the sandbox connections and connects an API-key account, checked on save', async () => {
      await page.goto(`${host.url}/#/connections`);
      const list = page.getByRole('list', { name: 'Saved connections' });
      for (const name of ['sandbox-payments', 'sandbox-analytics', 'sandbox-issues', 'sandbox-docs']) {
        const card = list
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name, exact: true }) });
        await expect(card.getByText('Sandbox', { exact: true }).count()).resolves.toBe(1);
        // Where its calls go: the sandbox's local address.
        await expect(card.getByText('Base URL', { exact: true }).count()).resolves.toBe(1);
        await expect(card.getByText(/^http:\/\/127\.0\.0\.1:\d+/).count()).resolves.toBeGreaterThan(0);
      }
      // The sandbox's own keys and addresses, as variables to paste (what `c-host sandbox env` prints).
      const panel = page.getByRole('region', { name: 'Sandbox' });
      const variables = (await panel.locator('pre').allTextContents()).join('\n');
      expect(variables).toMatch(/^export C_PAYMENTS_API_KEY=sk_test_\w+$/m);
      expect(variables).toMatch(/^export C_PAYMENTS_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/m);
      expect(variables).toMatch(/^export C_ISSUES_BASE_URL=http:\/\/127\.0\.0\.1:\d+/m);
      await expect(panel.locator('pre').count()).resolves.toBe(4);
      // The heading takes focus for screen readers, without a focus ring around it.
      await expect(page.evaluate('document.activeElement?.tagName')).resolves.toBe('H1');
      await expect(page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).resolves.toBe(
        'none',
      );

      await page.getByRole('button', { name: 'Add connection' }).click();
      await page.getByLabel('Connector').selectOption('payments');
      await page.getByLabel('Connection name').fill('');
      await page.getByRole('button', { name: 'Save and check' }).click();
      await page.getByText('Give the connection a name').waitFor();
      await page.getByLabel('Connection name').fill('e2e-payments');
      const key = page.getByLabel(/API Key/i).first();
      await expect(key.getAttribute('type')).resolves.toBe('password');
      await page.getByText('Advanced options').click();
      await page.getByLabel(/Base URL/i).fill(simulator.url);
      await key.fill('sk_test_thisKeyIsNotKnown0000');
      await page.getByRole('button', { name: 'Save and check' }).click();
      const refused = page.getByRole('alert', { name: 'Error' });
      await refused.waitFor();
      await expect(refused.textContent()).resolves.toMatch(
        /refused this API Key\. Check it and save again\./,
      );
      await expect(refused.textContent()).resolves.not.toMatch(/reconnect/i);
      await shot(page, 'w1280-03-connection-refused');

      await key.fill(simulator.connection.credentials.apiKey);
      await page.getByRole('button', { name: 'Save and check' }).click();
      await page.getByText('Saved e2e-payments').waitFor();
      await expect(page.getByRole('heading', { name: 'e2e-payments', exact: true }).count()).resolves.toBe(1);
    });

    it('runs one command per connector from its form', async () => {
      await openCommand('payments.getCustomers');
      await page.getByLabel('Connection').selectOption('e2e-payments');
      await page.getByLabel('Limit').fill('5');
      await run();
      await page.getByRole('tab', { name: 'Table', selected: true }).waitFor();
      await expect(page.locator('.table tbody tr').count()).resolves.toBeGreaterThan(0);
      // Stripe's `created` is Unix seconds: shown as a date, not 1795344471.
      await expect(page.locator('.table tbody time').count()).resolves.toBeGreaterThan(0);
      await expect(page.locator('.table thead th', { hasText: /^address$/ }).count()).resolves.toBe(0);

      await openCommand('analytics.activeAndNewUserCounts');
      await page.getByLabel(/Start Date/).fill('2026-11-01');
      await page.getByLabel(/End Date/).fill('2026-11-14');
      await run();
      await page.getByRole('tab', { name: 'Chart', selected: true }).waitFor();
      await page.locator('.recharts-surface .recharts-line').first().waitFor();
      await expect(page.locator('.chart__span').textContent()).resolves.toContain('2026-11-01 to 2026-11-14');

      await openCommand('issues.createIssue');
      const team = page.getByRole('combobox', { name: /Team Id/ });
      await team.focus();
      await team.press('ArrowDown');
      await page.getByRole('listbox', { name: 'teams' }).getByRole('option').first().waitFor();
      await shot(page, 'w1280-07-team-lookup');
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
      await shot(page, 'w1280-08-issue-created');

      await openCommand('docs.createDocumentFile');
      await page.getByLabel(/Document Name/).fill('E2E meeting notes');
      await run();
      await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
      await expect(page.locator('.table--details').textContent()).resolves.toContain('documentId');
    });

    it('runs a read in the background through the host’s async runs, and links the API reference', async () => {
      await openCommand('payments.getCustomers');
      await page.getByLabel('Connection').selectOption('sandbox-payments');
      await page.getByLabel('Limit').fill('3');
      const started = page.waitForResponse(
        (response) => response.url().endsWith('/api/runs') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Run in background' }).click();
      await expect(started.then((response) => response.status())).resolves.toBe(202);
      await page.locator('#result-title').waitFor();
      await page.getByRole('tab', { name: 'Table', selected: true }).waitFor();
      await expect(page.locator('.table tbody tr').count()).resolves.toBe(3);
      const reference = page.getByRole('link', { name: 'API reference' });
      await expect(reference.getAttribute('href')).resolves.toBe('/api/reference');
      // Signed in by the session cookie alone, as a click on the link would be.
      await expect(
        page.evaluate(async () => (await fetch('/api/reference', { credentials: 'same-origin' })).status),
      ).resolves.toBe(200);
    });

    it('shows a validation error next to its field, and drops the earlier result', async () => {
      await openCommand('analytics.activeAndNewUserCounts');
      await page.getByLabel(/Start Date/).fill('2026-11-14');
      await page.getByLabel(/End Date/).fill('2026-11-01');
      await run();
      const endField = page.locator('.field').filter({ has: page.getByLabel(/End Date/) });
      await endField.locator('.field__error').waitFor();
      await expect(page.getByRole('alert', { name: 'Error' }).textContent()).resolves.toContain(
        'Invalid input',
      );

      await page.getByLabel(/End Date/).fill('2026-11-20');
      await run();
      await page.getByRole('tab', { name: 'Chart', selected: true }).waitFor();
      await page.getByLabel(/Start Date/).fill('');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const summary = page.locator('.error-summary');
      await summary.waitFor();
      await expect(summary.textContent()).resolves.toContain('Start Date: This field is required.');
      await expect(page.locator('#result-title').count()).resolves.toBe(0);
    });

    it('runs under a policy that makes no string into code, and its forms still validate', async () => {
      // The policy the page is served with (the browser's own reload may be a 304, which has none).
      const served = await page.request.get(`${host.url}/`, { headers: { accept: 'text/html' } });
      const policy = served.headers()['content-security-policy'] ?? '';
      expect(policy.split('; ')).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
      await openCommand('analytics.getChartResults');
      // What a script slipped into the page would try: the browser refuses each string as code. The
      // attempts run from a timer, as the page's own code: code that the test tool itself evaluates
      // is exempt from the page's policy.
      const attempts = await page.evaluate(`new Promise((resolve) => setTimeout(() => resolve([
        () => eval('1 + 1'),
        () => new Function('return 1 + 1')(),
        () => Object.getPrototypeOf(async function () {}).constructor('return 1'),
      ].map((attempt) => {
        try {
          return typeof attempt();
        } catch (error) {
          return error.name;
        }
      }))))`);
      expect(attempts).toEqual(['EvalError', 'EvalError', 'EvalError']);

      // The form's validator still works there: a bad pattern in words, then a required field left empty.
      const chart = page.getByLabel(/Chart ID/);
      const field = page.locator('.field').filter({ has: chart });
      await chart.fill('my chart');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.locator('.error-summary').waitFor();
      await expect(page.locator('.error-summary').textContent()).resolves.toContain(
        'Chart ID: Use only letters, digits, - and _.',
      );
      await expect(field.locator('.field__error').textContent()).resolves.toContain(
        'Use only letters, digits, - and _.',
      );
      await shot(page, 'w1280-10-form-errors-under-csp');
      await chart.fill('');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.locator('.error-summary').textContent()).resolves.toContain(
        'Chart ID: This field is required.',
      );
      await expect(page.locator('#result-title').count()).resolves.toBe(0);
    });

    it('connects, is declined, and reconnects an OAuth connector through the pop-up', async () => {
      await page.goto(`${host.url}/#/connections`);
      await page.getByRole('button', { name: 'Add connection' }).click();
      await page.getByLabel('Connector').selectOption('issues');
      await page.getByLabel('Connection name').fill('e2e-issues');
      const [declined] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: /^Connect / }).click(),
      ]);
      await Promise.all([
        declined.waitForEvent('close'),
        declined.getByRole('button', { name: 'Deny' }).click(),
      ]);
      const note = page.getByText(/did not connect/);
      await note.waitFor();
      await expect(note.textContent()).resolves.toContain('Nothing was saved');
      await expect(page.getByText('Authentication failed').count()).resolves.toBe(0);
      await expect(page.getByText('Retryable').count()).resolves.toBe(0);
      await shot(page, 'w1280-09-oauth-declined');

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
      await shot(page, 'w1280-10-oauth-reconnected');
    });

    it('keeps recent runs, re-runnable, and works by keyboard on a narrow window', async () => {
      await page.goto(`${host.url}/#/recent`);
      await page
        .getByRole('button', { name: /Run .* again/ })
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Run Create Document File again' }).first().click();
      await page.locator('#result-title').waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${host.url}/#/commands`);
      await page.reload();
      await page.getByRole('navigation', { name: 'Commands' }).waitFor();
      await page.keyboard.press('Tab');
      await expect(page.evaluate('document.activeElement?.textContent')).resolves.toBe('Skip to content');
      await openCommand('payments.getCustomers');
      await expect(page.getByRole('navigation', { name: 'Commands' }).isVisible()).resolves.toBe(false);
      await page.getByLabel('Connection').focus();
      await page.keyboard.press('Tab');
      await shot(page, 'w390-13-command-focus');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    for (const size of widths) {
      it(`keeps the header to ${size.width >= 1280 ? 'one row' : 'two rows'} in a ${size.width} px window, every link in view`, async () => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`${host.url}/#/commands`);
        await page.getByRole('heading', { name: 'Commands', level: 1 }).waitFor();
        await page.locator('.topbar').screenshot({ path: join(artifactsDir, `${size.name}-02b-header.png`) });
        // Rows are the vertical bands the header's links occupy: a link that starts below the bottom
        // of the band before it opens a new one.
        const found = (await page.evaluate(`(() => {
          const header = document.querySelector('.topbar');
          const boxes = [...header.querySelectorAll('a')].map((link) => {
            const box = link.getBoundingClientRect();
            // The words a reader hears: the logo beside the name is hidden from them.
            const named = link.cloneNode(true);
            for (const hidden of named.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
            return { text: named.textContent, top: box.top, bottom: box.bottom, left: box.left, right: box.right };
          }).sort((a, b) => a.top - b.top);
          let rows = 0;
          let bottom = -Infinity;
          for (const box of boxes) {
            if (box.top >= bottom - 1) rows += 1;
            bottom = Math.max(bottom, box.bottom);
          }
          const nav = header.querySelector('.topbar__nav');
          return {
            rows,
            height: header.getBoundingClientRect().height,
            links: boxes.map((box) => box.text),
            outside: boxes.filter((box) => box.left < 0 || box.right > window.innerWidth + 0.5).map((box) => box.text),
            // Links the nav would only show when scrolled sideways.
            scrolled: nav.scrollWidth > nav.clientWidth + 1,
          };
        })()`)) as { rows: number; height: number; links: string[]; outside: string[]; scrolled: boolean };
        expect(found.links).toEqual(
          expect.arrayContaining([
            'c-host',
            'Commands',
            'Connections',
            'Triggers',
            'Recent runs',
            'API reference',
          ]),
        );
        expect(found.rows, `header rows at ${size.width} px`).toBe(size.width >= 1280 ? 1 : 2);
        expect(found.outside, 'header links outside the window').toEqual([]);
        expect(found.scrolled, 'main links hidden until scrolled').toBe(false);
        // Two rows of 15 px text are under 100 px; three were 125 px.
        expect(found.height, 'header height').toBeLessThanOrEqual(size.width >= 1280 ? 57 : 96);
      });

      it(`tells the segmentation form’s fields apart and marks no optional object required (${size.width} px)`, async () => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await openCommand('analytics.eventSegmentation');
        const labels =
          (await page.evaluate(`[...document.querySelectorAll('#command-form .field__label, #command-form legend')]
          .map((element) => element.textContent.replace(/\\s*\\*$/, ''))`)) as string[];
        expect(labels.filter((label) => label.endsWith('Group By')).sort()).toEqual([
          'Event › Group By',
          'Group By',
          'Second Event › Group By',
        ]);
        expect(
          labels.filter((label, index) => labels.indexOf(label) !== index && !/^Item \d+$/.test(label)),
        ).toEqual([]);
        const second = page.getByRole('group', { name: 'Second Event', exact: true });
        await expect(second.locator('.field__required').count()).resolves.toBe(0);
        await shot(page, `${size.name}-18-segmentation-form`);
        await second.getByLabel(/^Second Event › Event Type/).fill('Purchase');
        await expect(
          second
            .locator('.field', { has: page.getByLabel(/^Second Event › Event Type/) })
            .locator('.field__required')
            .count(),
        ).resolves.toBe(1);
        await second
          .locator('legend')
          .first()
          .evaluate((legend) => legend.scrollIntoView());
        await page.screenshot({ path: join(artifactsDir, `${size.name}-18b-second-event-filled.png`) });
        await expectFits(page, `${size.name} segmentation form`);
      });
    }

    for (const size of widths) {
      it(`fits every screen in a ${size.width} px window, lists and export included`, {
        timeout: 120_000,
      }, async () => {
        await page.setViewportSize({ width: size.width, height: size.height });
        const check = async (name: string) => {
          await shot(page, `${size.name}-${name}`);
          await expectFits(page, `${size.name} ${name}`);
        };

        await page.goto(`${host.url}/#/commands`);
        await page.getByRole('heading', { name: 'Commands', level: 1 }).waitFor();
        await check('02-commands');
        if (size.width >= 1280) {
          // The header and the list fill the window exactly: no extra scroll below them.
          await expect(page.evaluate('document.documentElement.scrollHeight')).resolves.toBeLessThanOrEqual(
            size.height,
          );
        }

        await page.goto(`${host.url}/#/connections`);
        await page.getByRole('list', { name: 'Saved connections' }).waitFor();
        await check('04-connections');

        await page.goto(`${host.url}/#/recent`);
        await page
          .getByRole('button', { name: /Run .* again/ })
          .first()
          .waitFor();
        await check('11-recent-runs');

        // A list command per connector.
        await openCommand('payments.getCustomers');
        await page.getByLabel('Connection').selectOption('sandbox-payments');
        await run();
        await page.locator('.table tbody tr').first().waitFor();
        await check('05-customers-table');
        await page.getByRole('checkbox', { name: /Show all \d+ columns/ }).check();
        await check('05b-customers-all-columns');

        await openCommand('issues.searchIssues');
        await run();
        await page.locator('.table tbody tr').first().waitFor();
        await check('14-issues-table');

        await openCommand('docs.searchDocuments');
        await page.getByLabel(/^Document Name/).fill('a');
        await run();
        await page.locator('.table tbody tr').first().waitFor();
        await expect(page.locator('.table tbody a[href^="http"]').count()).resolves.toBeGreaterThan(0);
        await check('15-documents-table');

        await page.getByLabel(/^Document Name/).fill('no document is called this');
        await run();
        await page.getByText('Nothing found').waitFor();
        await check('16-documents-empty');

        await openCommand('analytics.activeAndNewUserCounts');
        await page.getByLabel(/Start Date/).fill(isoDay(-13));
        await page.getByLabel(/End Date/).fill(isoDay(0));
        await run();
        await page.locator('.recharts-surface .recharts-line').first().waitFor();
        await check('06-active-users-chart');

        // The export: wide rows of ~40 columns; and its download.
        await openCommand('analytics.exportData');
        await page.getByLabel(/Start Date/).fill(`${isoDay(-2)}T00:00`);
        await page.getByLabel(/End Date/).fill(`${isoDay(0)}T23:00`);
        await page.getByLabel(/Max Events/).fill('200');
        await run();
        await page.locator('.table tbody tr').first().waitFor();
        await check('17-export-table');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download NDJSON' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^analytics\.exportData-\d{8}-\d{4}\.ndjson$/);
        const path = await download.path();
        const { readFileSync } = await import('node:fs');
        const lines = readFileSync(path, 'utf8').trim().split('\n');
        expect(lines.length).toBeGreaterThan(0);
        expect(JSON.parse(lines[0] as string)).toHaveProperty('event_type');

        await openCommand('analytics.eventSegmentation');
        await expect(page.getByLabel(/^Group By/).inputValue()).resolves.toBe('');
        // The range starts as the last 30 days and the event as any active one: an emptied start
        // date is one problem, a list with a number in Group By another.
        await expect(page.getByLabel(/End Date/).inputValue()).resolves.toBe(isoDay(0));
        await page.getByLabel(/Start Date/).fill('');
        await page.getByLabel(/^Group By/).fill('["country", 5]');
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await page.locator('.error-summary').waitFor();
        // Every field the summary names shows its own message, JSON fields included.
        const named = await page.locator('.error-summary li').count();
        expect(named).toBe(2);
        await expect(page.locator('.field__error').count()).resolves.toBe(named);
        await check('09-validation-summary');

        // Forms whose help holds a long address, and a provider error with a URL: they wrap.
        await openCommand('docs.fetchDocumentContent');
        await page.getByRole('button', { name: 'Run', exact: true }).waitFor();
        await check('19-docs-fetch-form');
        await openCommand('docs.updateDocumentContent');
        await page.getByRole('button', { name: 'Run', exact: true }).waitFor();
        await check('20-docs-update-form');

        // The customer picker: each customer says whether it can be charged, the chosen one under it.
        await openCommand('payments.createSubscription');
        await page.getByLabel('Connection').selectOption('sandbox-payments');
        const customer = page.locator('#command-form_customerId');
        await customer.focus();
        await customer.press('ArrowDown');
        const unpayable = page.locator('.lookup__option', { hasText: 'no payment method' }).first();
        await unpayable.waitFor();
        await check('21-customer-picker');
        await unpayable.click();
        await page.locator('.lookup__picked', { hasText: 'no payment method' }).waitFor();
        await check('21b-customer-picked');

        // The Subscribe form: event types by resource with a search, and where to deliver.
        await page.goto(`${host.url}/#/triggers`);
        await page.getByRole('button', { name: 'Subscribe to Stripe Event…' }).click();
        await page.getByRole('searchbox', { name: 'Search events' }).fill('subscription');
        await page.getByRole('button', { name: 'Select all in customer.subscription' }).click();
        await page.getByRole('textbox', { name: /Deliver to/ }).fill('https://example.com/hooks/stripe');
        await check('22-subscribe-form');

        await page.goto(`${host.url}/#/connections`);
        await page.getByRole('button', { name: 'Add connection' }).click();
        await page.getByRole('heading', { name: 'Add a connection' }).waitFor();
        await check('23-add-connection');
      });
    }

    // Some 200 commands, each through its form: minutes on a busy two-core machine.
    it('runs every command of the catalogue from its form, with its defaults and the required fields only', {
      timeout: 900_000,
    }, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${host.url}/#/commands`);
      const catalogue = (await page.evaluate(async () => {
        const response = await fetch('/api/commands');
        return response.json();
      })) as {
        id: string;
        title: string;
        connector: string;
        annotations: { readOnly?: boolean; destructive?: boolean };
      }[];
      // Values the sandbox holds that no lookup offers: an issue's identifier, a user, a saved chart.
      const issues = (await hostRun('issues.searchIssues', {})) as { nodes?: { identifier?: string }[] };
      const events = (await hostRun('analytics.exportData', {
        start: `${isoDay(-2).replaceAll('-', '')}T00`,
        end: `${isoDay(0).replaceAll('-', '')}T23`,
        maxEvents: 5,
      })) as { events?: { user_id?: string }[] };
      const user = events.events?.find((event) => event.user_id)?.user_id ?? 'user-0001';
      const found = (await hostRun('analytics.userSearch', { user })) as {
        matches?: { amplitude_id?: number }[];
      };
      const samples: Record<string, string> = {
        // User Activity names a user by Amplitude ID, which User Search finds from the user id.
        'analytics.userActivity.user': String(found.matches?.[0]?.amplitude_id ?? 1),
        'analytics.uploadCohort.ids': `["${user}"]`,
        // A template's values: a JSON object of {{key}} → text.
        'docs.fillTemplate.values': '{"client": "E2E"}',
        // A table's rows (a JSON list of rows of cell texts), and an image's public address.
        'docs.insertTable.rows': '[["Name", "Role"], ["E2E", "Check"]]',
        'docs.insertImage.imageUrl': 'https://example.com/chart.png',
        currency: 'usd',
        // A link to attach: any http(s) URL is one, and none is listed anywhere.
        'issues.createAttachment.url': 'https://github.com/acme/app/pull/1',
        // Ids in the provider's form that no lookup offers yet: the host answers (not found), which
        // is what this run checks, that the form lets a well-formed value through.
        commentId: '00000000-0000-4000-8000-000000000000',
        labelId: '00000000-0000-4000-8000-000000000000',
        cycleId: '00000000-0000-4000-8000-000000000000',
        identifier: issues.nodes?.[0]?.identifier ?? 'ENG-1',
        user,
        // The sandbox's saved charts are `sandboxCharts()` of @c/analytics/testing; none is listed
        // by any read command, so the first one's id is written here.
        chartId: 'sbx7dau',
        // Stripe's test payment methods are ids that every account accepts; no lookup lists them.
        paymentMethodId: 'pm_card_visa',
        // A line item's price sits in a list, where no lookup reaches: the sandbox's one-time price.
        lineItems_0_price: 'price_SeedOnboardingFee',
        lineItems_1_price: 'price_SeedOnboardingFee',
        event: '{"event_type": "_active"}',
        events: `[{"event_type": "E2E check", "user_id": "${user}"}]`,
        requests: '[{"insertText": {"endOfSegmentLocation": {}, "text": "E2E"}}]',
        query: '{ viewer { id name } }',
        // Stripe's search query language, for the first resource the form offers (customers).
        'payments.search.query': 'email~"example.com"',
        // No read command lists subscription schedules: the sandbox's seeded one.
        scheduleId: 'sub_sched_SeedAdaToYearly',
      };
      const paths: Record<string, string> = {
        payments: '/v1/customers',
        analytics: '/api/2/usersearch?user=' + user,
        docs: '/drive/v3/files',
      };
      // Writes that remove things go last, so that what they remove is not needed afterwards.
      const ordered = [...catalogue].sort(
        (a, b) => Number(Boolean(a.annotations.destructive)) - Number(Boolean(b.annotations.destructive)),
      );
      const outcomes: string[] = [];
      const stoppedInBrowser: string[] = [];
      // Each screen after its run must fit a phone and a laptop, and log no error. A run the host
      // refuses (a 404 for an id that is not there) is answered on the page, not an error of it.
      const unfit: string[] = [];
      const logged: string[] = [];
      let current = '';
      const onConsole = (message: ConsoleMessage) => {
        const where = message.location().url;
        if (message.type() !== 'error') return;
        if (
          /^Failed to load resource/.test(message.text()) &&
          /\/api\/commands\/[^/]+\/(run|lookup)/.test(where)
        )
          return;
        logged.push(`${current}: ${message.text()} (${where})`);
      };
      page.on('console', onConsole);
      const started = performance.now();
      for (const command of ordered) {
        current = command.id;
        await openCommand(command.id);
        // A required list edited item by item starts empty: add the two items a funnel needs at
        // least (one more than most lists), whose required fields the loop below then fills.
        const lists = page.locator('fieldset:has(> legend .field__required)');
        for (let index = 0; index < (await lists.count()); index += 1) {
          const list = lists.nth(index);
          if ((await list.locator('.field').count()) > 0) continue;
          const add = list.locator(':scope > div > button').last();
          await add.click();
          await add.click();
        }
        const required = page
          .locator('.field')
          .filter({ has: page.locator('.field__label .field__required') });
        for (let index = 0; index < (await required.count()); index += 1) {
          const control = required.nth(index).locator('input, select, textarea').first();
          const id = (await control.getAttribute('id')) ?? '';
          const key = id.replace(/^command-form_/, '');
          const type = await control.getAttribute('type');
          const tag = await control.evaluate((element) => element.tagName.toLowerCase());
          if ((await control.getAttribute('role')) === 'combobox') {
            await control.focus();
            await control.press('ArrowDown');
            const option = page.locator(`[id="${id}__options"] [role="option"]`).first();
            const offered = await option
              .waitFor({ timeout: 10_000 })
              .then(() => true)
              .catch(() => false);
            if (offered) await control.press('Enter');
            else await control.fill(samples[`${command.id}.${key}`] ?? samples[key] ?? 'unknown');
            await control.press('Tab');
          } else if (type === 'number' && !(await control.inputValue())) {
            await control.fill(samples[`${command.id}.${key}`] ?? '1');
          } else if (type === 'date') await control.fill(isoDay(-1));
          else if (type === 'datetime-local') await control.fill(`${isoDay(-1)}T00:00`);
          else if (tag === 'select') {
            if (!(await control.inputValue())) {
              const first = await control.locator('option:not([value=""])').first().getAttribute('value');
              await control.selectOption(first ?? '');
            }
          } else if (!(await control.inputValue())) {
            await control.fill(
              samples[`${command.id}.${key}`] ??
                samples[key] ??
                (key === 'path' ? (paths[command.connector] ?? '/') : `E2E ${command.title}`),
            );
          }
        }
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        const confirm = page.getByRole('button', { name: `Yes, run ${command.title}` });
        const stop = page.locator('.error-summary');
        const result = page.locator('#result-title');
        await Promise.race([confirm.waitFor(), stop.waitFor(), result.waitFor()]);
        if (await confirm.isVisible()) {
          await confirm.click();
          await Promise.race([stop.waitFor(), result.waitFor()]);
        }
        // Both widths for every command: a phone, where screens break, and the laptop it ends on.
        unfit.push(...(await misfitsAt(page, 390, `${command.id} at 390`)));
        unfit.push(...(await misfitsAt(page, 1280, `${command.id} at 1280`)));
        // Every command is tried, and every one the form stops is listed at the end, not only the first.
        if ((await stop.count()) > 0) {
          stoppedInBrowser.push(`${command.id}: ${await stop.textContent()}`);
          continue;
        }
        const kind = await page
          .locator('.error-panel .badge--danger')
          .first()
          .textContent({ timeout: 200 })
          .catch(() => undefined);
        outcomes.push(`${command.id}: ${kind ? `host answered ${kind}` : 'ok'}`);
      }
      page.off('console', onConsole);
      const seconds = Math.round((performance.now() - started) / 1000);
      console.info(`[web e2e] catalogue runs:\n  ${outcomes.join('\n  ')}`);
      console.info(
        `[web e2e] ${ordered.length} commands in ${seconds} s; fit checked at 390 and 1280 px for each`,
      );
      expect(unfit, 'screens wider than their window after a run').toEqual([]);
      expect(logged, 'console errors').toEqual([]);
      expect(stoppedInBrowser, 'commands the browser stopped').toEqual([]);
      expect(outcomes).toHaveLength(catalogue.length);
      expect(pageErrors).toEqual([]);
    });
  },
);
