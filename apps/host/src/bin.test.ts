import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './test-support/temp-host.js';

const builtBin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The machine's own Node (the one a user has before the bootstrap fetches Node 24), if older than 22.13. */
function oldSystemNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
    const [major = 0, minor = 0] = version.slice(1).split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 13)) return candidate;
  }
  return undefined;
}

const oldNode = oldSystemNode();
const needsOldNode = process.env.CI ? false : !oldNode;

describe.skipIf(!existsSync(builtBin) || needsOldNode)('c-host on a Node older than it supports', () => {
  it('the published bin says which Node it needs, in a sentence, instead of a module error', () => {
    expect(oldNode, 'CI machines ship Node 20 at /usr/bin/node').toBeDefined();
    const run = spawnSync(oldNode!, [builtBin, 'list'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^c-host needs Node 22\.13 or newer .* this is Node 2\d\./);
    expect(run.stderr).not.toMatch(/sqlite.*No such built-in|kind|provider/i);
  });

  it('./c-host at the repository root runs on that old Node, with the project toolchain', () => {
    const dir = tempDir();
    try {
      const run = spawnSync(oldNode!, [`${repoRoot}scripts/c-host.mjs`, 'connections', 'list'], {
        encoding: 'utf8',
        env: { PATH: '/usr/bin:/bin', HOME: process.env.HOME, C_HOST_DATA_DIR: dir.path },
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual([]);
    } finally {
      dir.remove();
    }
  });
});
