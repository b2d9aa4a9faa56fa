import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-host.js';

// A mistyped connector or connection name is refused naming the parameter, with the closest known
// names, before anything is sent or saved (as a mistyped command id already is).

const dir = tempDir();
const env = { C_HOST_DATA_DIR: dir.path };
afterAll(() => dir.remove());

describe('unknown names on the command line', () => {
  it('suggests the connector meant by list --connector, connect and connections add', async () => {
    for (const args of [
      ['list', '--connector', 'paymnts'],
      ['connect', 'paymnts', '--api-key', '--credential', 'apiKey=sk_test_x', '--no-verify'],
      [
        'connections',
        'add',
        'shop',
        '--connector',
        'paymnts',
        '--credential',
        'apiKey=sk_test_x',
        '--no-verify',
      ],
    ]) {
      const run = await runCli(args, { env });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.error).toMatchObject({
        kind: 'validation',
        parameter: 'connector',
        details: { suggestions: ['payments'] },
      });
      expect(run.error.message).toContain('unknown connector "paymnts". Did you mean "payments"?');
      // Before, `list` printed an empty list as if the connector had no commands.
      expect(run.stdout).toBe('');
    }
    const list = await runCli(['connections', 'list'], { env });
    expect(list.json).toEqual([]);
    const far = await runCli(['list', '--connector', 'zzzzzz'], { env });
    expect(far.error.message).toMatch(
      /unknown connector "zzzzzz"\. Known: payments, analytics, issues, docs\.$/,
    );
    expect(far.error.details).toBeUndefined();
  }, 60_000);

  it('suggests the connection meant by run --connection, and by the connections commands', async () => {
    const add = await runCli(
      [
        'connections',
        'add',
        'shop',
        '--connector',
        'payments',
        '--credential',
        'apiKey=sk_test_x',
        '--no-verify',
      ],
      { env },
    );
    expect(add.code, add.stderr).toBe(0);
    const run = await runCli(['run', 'payments.getCustomers', '--connection', 'shpo'], { env });
    expect(run.code).toBe(2);
    expect(run.error).toMatchObject({
      kind: 'validation',
      parameter: 'connection',
      details: { suggestions: ['shop'] },
    });
    for (const action of ['test', 'default', 'remove']) {
      const typo = await runCli(['connections', action, 'shpo', '--json'], { env });
      expect(typo.code, action).toBe(1);
      expect(typo.error).toMatchObject({
        kind: 'not_found',
        details: { connection: 'shpo', suggestions: ['shop'] },
      });
    }
  }, 60_000);
});
