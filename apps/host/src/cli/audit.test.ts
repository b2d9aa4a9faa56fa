import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-host.js';

const dir = tempDir();
afterAll(() => dir.remove());
const env = { C_HOST_DATA_DIR: dir.path };
const API_KEY = 'sk_test_audit_cli_0123456789abcdef';

describe('c-host audit', () => {
  it('prints the audit log as JSON, newest first: what the command line changed, by `cli`', async () => {
    for (const name of ['first', 'second']) {
      const added = await runCli(
        [
          'connections',
          'add',
          name,
          '--connector',
          'payments',
          '--credential',
          `apiKey=${API_KEY}`,
          '--no-verify',
        ],
        { env },
      );
      expect(added.code, added.stderr).toBe(0);
    }
    const removed = await runCli(['connections', 'remove', 'first'], { env });
    expect(removed.code, removed.stderr).toBe(0);

    const all = await runCli(['audit'], { env });
    expect(all.code, all.stderr).toBe(0);
    expect(all.json.map((entry: any) => [entry.actor, entry.action, entry.target, entry.outcome])).toEqual([
      ['cli', 'connection.remove', 'first', 'ok'],
      ['cli', 'connection.create', 'second', 'ok'],
      ['cli', 'connection.create', 'first', 'ok'],
    ]);
    expect(all.stdout).not.toContain(API_KEY);

    const limited = await runCli(['audit', '--limit', '1', '--since', '1h'], { env });
    expect(limited.json.map((entry: any) => entry.target)).toEqual(['first']);
  });

  it('refuses a bad --since or --limit before it opens the store (exit 2, naming it)', async () => {
    const since = await runCli(['audit', '--since', 'last tuesday'], { env });
    expect(since.code).toBe(2);
    expect(since.error).toMatchObject({ kind: 'validation', parameter: 'since' });
    const limit = await runCli(['audit', '--limit', '0'], {
      env: { C_HOST_DATA_DIR: `${dir.path}/never-made` },
    });
    expect(limit.code).toBe(2);
    expect(limit.error).toMatchObject({ kind: 'validation', parameter: 'limit' });
    expect(existsSync(`${dir.path}/never-made`)).toBe(false);
  });
});
