import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AmplitudeSandbox, startAnalyticsSimulator } from '@c/analytics/testing';
import { issuesSimulator, type RunningIssuesSimulator } from '@c/issues/testing';
import { type PaymentsSandbox, startPaymentsSimulator } from '@c/payments/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-host.js';
import { runInTerminal } from '../test-support/terminal.js';

// The CLI as a person meets it at a terminal (a pseudo-terminal: stdin, stdout and stderr are TTYs),
// against the simulators, through env connections. Scripts (pipes) keep getting JSON: checked too.

let stripe: PaymentsSandbox;
let amplitude: AmplitudeSandbox;
let linear: RunningIssuesSimulator;
const dir = tempDir();
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [stripe, amplitude, linear] = await Promise.all([
    startPaymentsSimulator({ seed: true, contracts: false }),
    startAnalyticsSimulator({ seed: true, contracts: false }),
    issuesSimulator.start({ seed: true, contracts: false }),
  ]);
  env = {
    C_HOST_DATA_DIR: dir.path,
    C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
    C_PAYMENTS_BASE_URL: stripe.url,
    C_ANALYTICS_API_KEY: amplitude.connection.credentials.apiKey,
    C_ANALYTICS_SECRET_KEY: amplitude.connection.credentials.secretKey,
    C_ANALYTICS_BASE_URL: amplitude.url,
    C_ANALYTICS_INGESTION_BASE_URL: amplitude.url,
    C_ISSUES_API_KEY: linear.apiKey,
    C_ISSUES_BASE_URL: linear.url,
  };
});
afterAll(async () => {
  await Promise.all([stripe.close(), amplitude.close(), linear.close()]);
  dir.remove();
});
beforeEach(() => {
  stripe.server.reset();
  amplitude.server.reset();
  linear.server.reset();
});

/** An hour as Amplitude's export takes it, `days` before now (UTC). */
const hourAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 13).replace(/-/g, '');

const deletes = () => linear.server.calls.filter((call) => call.bodyText.includes('issueDelete'));

describe('c-host on a terminal', () => {
  it('lists commands folded by area, one area, a search or all of them, and as JSON with --json or through a pipe', async () => {
    const folded = await runInTerminal(['list'], { env, columns: 160 });
    expect(folded.code, folded.screen).toBe(0);
    expect(folded.screen).toMatch(/^AREA\s+TITLE\s+COMMANDS/m);
    expect(folded.screen).toMatch(/^payments\.refunds\s+Stripe · Refunds\s+4: createRefund, getRefund/m);
    expect(folded.screen).toMatch(/commands in \d+ areas\. One area's: .* list <area>/);
    expect(folded.screen).not.toMatch(/^payments\.getCustomers\s/m);

    const area = await runInTerminal(['list', 'payments.refunds'], { env, columns: 160 });
    expect(area.screen).toMatch(/^COMMAND\s+TITLE\s+AREA\s+EFFECT/m);
    expect(area.screen).toMatch(/^payments\.createRefund\s+Create Refund\s+Refunds\s+destructive$/m);
    expect(area.screen).toContain('4 commands.');
    const search = await runInTerminal(['list', 'delete', 'issue'], { env, columns: 160 });
    expect(search.screen).toMatch(/^issues\.deleteIssue\s+Delete Issue\s+\S.*destructive$/m);
    expect(search.screen).not.toMatch(/^payments\./m);
    const table = await runInTerminal(['list', '--all'], { env, columns: 160 });
    expect(table.code).toBe(0);
    expect(table.screen).toMatch(/^payments\.getCustomers\s+Get Customers\s+Customers\s+read-only$/m);
    expect(table.screen).not.toContain('"id"');

    const json = await runInTerminal(['list', '--json'], { env });
    expect(JSON.parse(json.screen)).toContainEqual(expect.objectContaining({ id: 'issues.deleteIssue' }));
    const piped = await runCli(['list'], { env });
    expect(piped.json).toContainEqual(expect.objectContaining({ id: 'issues.deleteIssue' }));
  }, 240_000);

  it('shows a list result as a table that fits the terminal, with readable times', async () => {
    const run = await runInTerminal(['run', 'payments.getCustomers', '-p', 'limit=3'], { env, columns: 100 });
    expect(run.code, run.screen).toBe(0);
    const lines = run.screen.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+name\s+email\s+created/);
    expect(lines.filter((line) => /^cus_\w+\s/.test(line))).toHaveLength(3);
    expect(run.screen).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(run.screen).toContain('3 items.');
    expect(run.screen).toContain('has_more: yes');
    // Stripe's list wrapper is not shown as data.
    expect(run.screen).not.toMatch(/^object|url: \/v1/m);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  }, 60_000);

  it('says what is wrong in a sentence naming the parameter, with the same exit codes; JSON through a pipe', async () => {
    const bad = await runInTerminal(
      ['run', 'analytics.exportData', '-p', 'start=2026-11-01', '-p', 'end=20261101T05', '--no-prompt'],
      { env },
    );
    expect(bad.code).toBe(2);
    expect(bad.screen).toMatch(/^Error: Invalid parameter "start": /m);
    expect(bad.screen).not.toContain('{"error"');
    expect(amplitude.server.calls).toHaveLength(0);

    const typo = await runInTerminal(['run', 'payments.getCustomer'], { env });
    expect(typo.code).toBe(2);
    expect(typo.screen).toContain(
      'Error: Unknown command "payments.getCustomer". Did you mean "payments.getCustomers"?',
    );

    const piped = await runCli(['run', 'payments.getCustomer'], { env });
    expect(piped.code).toBe(2);
    expect(piped.error).toMatchObject({
      kind: 'validation',
      parameter: 'command',
      details: { suggestions: ['payments.getCustomers'] },
    });
  }, 60_000);

  it('refuses a bad answer at the prompt with the reason, and runs once the answer is right', async () => {
    const start = hourAgo(2);
    const run = await runInTerminal(['run', 'analytics.exportData', '-p', `end=${start.slice(0, 9)}05`], {
      env,
      answers: [
        { when: /Start Date/, keys: '2026-11-01\r' },
        // The reason is shown under the answer and the prompt waits; the answer is cleared and retyped.
        { when: /must be an hour written YYYYMMDDTHH/, keys: `\u0015${start.slice(0, 9)}00\r` },
      ],
    });
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toContain('must be an hour written YYYYMMDDTHH');
    expect(run.screen).toMatch(/^event_type\s/m);
    // Only the good answer reached the provider.
    expect(amplitude.server.calls.map((call) => call.query.get('start'))).toEqual([`${start.slice(0, 9)}00`]);
  }, 60_000);

  it('asks before deleting (no sends nothing, --yes skips the question); a script is not asked', async () => {
    const [first, second, third] = [...linear.workspace.issues.keys()];
    const declined = await runInTerminal(['run', 'issues.deleteIssue', '-p', `issueId=${first}`], {
      env,
      answers: [{ when: /Delete Issue may delete or overwrite data on "env".*Run it\?/, keys: 'n\r' }],
    });
    expect(declined.code).toBe(1);
    expect(declined.screen).toContain('Cancelled: nothing was sent.');
    expect(deletes()).toHaveLength(0);

    const accepted = await runInTerminal(['run', 'issues.deleteIssue', '-p', `issueId=${first}`], {
      env,
      answers: [{ when: /Run it\?/, keys: 'y\r' }],
    });
    expect(accepted.code, accepted.screen).toBe(0);
    expect(deletes()).toHaveLength(1);

    const skipped = await runInTerminal(['run', 'issues.deleteIssue', '-p', `issueId=${second}`, '--yes'], {
      env,
    });
    expect(skipped.code, skipped.screen).toBe(0);
    expect(skipped.screen).not.toContain('Run it?');
    expect(deletes()).toHaveLength(2);

    const script = await runCli(['run', 'issues.deleteIssue', '-p', `issueId=${third}`], { env });
    expect(script.code, script.stderr).toBe(0);
    expect(script.json).toMatchObject({ success: true });
    expect(deletes()).toHaveLength(3);
  }, 90_000);

  it('ends the export progress bar at the real total', async () => {
    const out = tempDir();
    try {
      const file = join(out.path, 'events.ndjson');
      const run = await runInTerminal(
        ['run', 'analytics.exportData', '-p', `start=${hourAgo(20)}`, '-p', `end=${hourAgo(1)}`, '-o', file],
        { env },
      );
      expect(run.code, run.screen).toBe(0);
      const count = readFileSync(file, 'utf8').trimEnd().split('\n').length;
      expect(count).toBeGreaterThan(1000);
      // The last drawing of the bar: the count written, out of that same count (not maxEvents).
      const bars = [...run.screen.matchAll(/(\d+)\/(\d+) events decoded/g)];
      expect(bars.at(-1)?.slice(1, 3)).toEqual([String(count), String(count)]);
      expect(run.screen).toContain(`Wrote ${count} line(s) to ${file}`);
    } finally {
      out.remove();
    }
  }, 90_000);
});

describe('c-host run -o', () => {
  it('refuses a missing folder before anything is sent, naming the parameter', async () => {
    const missing = join(dir.path, 'no-such-folder', 'customers.ndjson');
    const run = await runCli(['run', 'payments.getCustomers', '-o', missing], { env });
    expect(run.code).toBe(2);
    expect(run.error).toMatchObject({ kind: 'validation', parameter: 'output' });
    expect(run.error.message).toContain('does not exist');
    expect(stripe.server.calls).toHaveLength(0);
  }, 60_000);
});

describe('c-host connections on a terminal', () => {
  it('lists connections as a table and asks before removing one', async () => {
    const add = await runCli(
      [
        'connections',
        'add',
        'shop',
        '--connector',
        'payments',
        '--credential',
        `apiKey=${stripe.connection.credentials.apiKey}`,
        '--option',
        `baseUrl=${stripe.url}`,
      ],
      { env },
    );
    expect(add.code, add.stderr).toBe(0);
    const list = await runInTerminal(['connections', 'list'], { env });
    expect(list.screen).toMatch(/^NAME\s+CONNECTOR\s+STATUS/m);
    expect(list.screen).toMatch(
      new RegExp(`^shop\\s+payments\\s+ok\\s+.*${stripe.url.replace(/\./g, '\\.')}`, 'm'),
    );
    expect(list.screen).not.toContain(stripe.connection.credentials.apiKey);

    const typo = await runInTerminal(['connections', 'remove', 'shpo'], { env });
    expect(typo.code).toBe(1);
    expect(typo.screen).toContain('There is no connection named "shpo". Did you mean "shop"?');

    const declined = await runInTerminal(['connections', 'remove', 'shop'], {
      env,
      answers: [{ when: /Remove the payments connection "shop"\?/, keys: '\r' }],
    });
    expect(declined.code).toBe(1);
    expect(declined.screen).toContain('Cancelled: nothing was removed.');
    const removed = await runInTerminal(['connections', 'remove', 'shop', '--yes'], { env });
    expect(removed.screen).toContain('Removed "shop".');
    const after = await runCli(['connections', 'list'], { env });
    expect(after.json.map((view: { name: string }) => view.name)).not.toContain('shop');
  }, 90_000);
});
