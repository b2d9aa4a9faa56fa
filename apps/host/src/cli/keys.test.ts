import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { postgresForTests } from '../test-support/postgres.js';
import { tempDir } from '../test-support/temp-host.js';

const availability = await postgresForTests();
const cluster = availability.available ? availability.postgres : undefined;
const dirs: { remove(): void }[] = [];
afterAll(async () => {
  for (const dir of dirs) dir.remove();
  await cluster?.stop();
});

const API_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('base64');

/** Stores a connection with key A, rotates to key B with `c-host keys rotate`, and checks the outcome. */
async function rotation(store: NodeJS.ProcessEnv): Promise<void> {
  const add = await runCli(
    [
      'connections',
      'add',
      'p',
      '--connector',
      'payments',
      '--credential',
      `apiKey=${API_KEY}`,
      '--no-verify',
    ],
    { env: { ...store, C_HOST_SECRET_KEY: KEY_A } },
  );
  expect(add.code, add.stderr).toBe(0);

  const rotate = await runCli(['keys', 'rotate'], {
    env: { ...store, C_HOST_SECRET_KEY: KEY_B, C_HOST_SECRET_KEYS_OLD: KEY_A },
  });
  expect(rotate.code, rotate.stderr).toBe(0);
  expect(rotate.json).toEqual({ connections: 1, ephemerals: 0, current: 0, unreadable: [] });
  for (const text of [rotate.stdout, rotate.stderr]) {
    for (const secret of [API_KEY, KEY_A, KEY_B]) expect(text).not.toContain(secret);
  }

  const after = await runCli(['connections', 'list'], { env: { ...store, C_HOST_SECRET_KEY: KEY_B } });
  expect(after.json).toEqual([
    expect.objectContaining({
      name: 'p',
      status: 'ok',
      credentialHints: { apiKey: expect.stringMatching(/…/) },
    }),
  ]);
  // The earlier key was retired: an instance still given it alone is refused.
  const old = await runCli(['connections', 'list'], { env: { ...store, C_HOST_SECRET_KEY: KEY_A } });
  expect(old.code).toBe(2);
  expect(old.error).toMatchObject({ kind: 'validation', parameter: 'C_HOST_SECRET_KEY' });
  // Nothing left to do the second time.
  const again = await runCli(['keys', 'rotate'], { env: { ...store, C_HOST_SECRET_KEY: KEY_B } });
  expect(again.json).toEqual({ connections: 0, ephemerals: 0, current: 1, unreadable: [] });
}

describe('c-host keys rotate', () => {
  it('re-seals an embedded store with the new key and retires the old one', async () => {
    const dir = tempDir();
    dirs.push(dir);
    await rotation({ C_HOST_DATA_DIR: dir.path });
  });

  it.skipIf(!cluster)(
    `re-seals a fleet database (C_HOST_DATABASE_URL) the same way${cluster ? '' : ` (skipped: ${availability.available ? '' : availability.reason})`}`,
    async () => {
      const dir = tempDir();
      dirs.push(dir);
      await rotation({ C_HOST_DATA_DIR: dir.path, C_HOST_DATABASE_URL: await cluster!.createDatabase() });
    },
  );

  it('names the connections no supplied key opens, and leaves them as they are', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = { C_HOST_DATA_DIR: dir.path };
    await runCli(
      [
        'connections',
        'add',
        'p',
        '--connector',
        'payments',
        '--credential',
        `apiKey=${API_KEY}`,
        '--no-verify',
      ],
      {
        env: { ...store, C_HOST_SECRET_KEY: KEY_A },
      },
    );
    // Moved to B, but the operator forgot the old key on the rotation itself.
    const moved = await runCli(['connections', 'list'], {
      env: { ...store, C_HOST_SECRET_KEY: KEY_B, C_HOST_SECRET_KEYS_OLD: KEY_A },
    });
    expect(moved.code, moved.stderr).toBe(0);
    const rotate = await runCli(['keys', 'rotate'], { env: { ...store, C_HOST_SECRET_KEY: KEY_B } });
    expect(rotate.json).toEqual({ connections: 0, ephemerals: 0, current: 0, unreadable: ['p'] });
    expect(rotate.stderr).toMatch(
      /1 connection\(s\) could not be opened.*: p\. Put the key they were sealed with in C_HOST_SECRET_KEYS_OLD/,
    );
    // Given the old key, it is still there to re-seal.
    const fixed = await runCli(['keys', 'rotate'], {
      env: { ...store, C_HOST_SECRET_KEY: KEY_B, C_HOST_SECRET_KEYS_OLD: KEY_A },
    });
    expect(fixed.json).toMatchObject({ connections: 1, unreadable: [] });
  });
});
