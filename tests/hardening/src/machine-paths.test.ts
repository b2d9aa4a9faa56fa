// Nothing tracked may name a folder of one machine: a checkout (/work/…), a home (/home/…, /root/…,
// /Users/…) or a temp folder (/tmp/…). A scratch file that imported a benchmark by such a path once
// passed CI only because the CI machine happened to hold that checkout (issue 23). System folders
// Debian installs into (/usr/sbin, /usr/lib/postgresql/<major>/bin) and URL paths are fine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
/** This file, which names such paths on purpose, as the matcher's cases. */
const SELF = 'tests/hardening/src/machine-paths.test.ts';

/**
 * An absolute path under a machine's own folders, as a string, a `file://` URL or a shell word: not
 * preceded by a name character, so that a URL's path (`https://host/home/x`) or a relative one
 * (`api/tmp/x`) does not count.
 */
const MACHINE_PATH =
  /(?<![\w.~$/-])(?:file:\/\/)?\/(?:work|home|root|tmp|Users|mnt|media|private\/var|var\/folders)\/[\w.@~-]/g;

/** The machine paths in a text, each with its line number. */
function machinePaths(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(MACHINE_PATH)) {
      found.push(
        `${index + 1}: ${line.slice(Math.max(0, (match.index ?? 0) - 20), (match.index ?? 0) + 60).trim()}`,
      );
    }
  });
  return found;
}

/** Sources, configs and scripts: every tracked file but prose, lock files, licenses and binaries. */
function trackedSources(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return files.filter(
    (file) =>
      file &&
      !/\.md$|(^|\/)pnpm-lock\.yaml$|(^|\/)LICEN[CS]E[^/]*$|\.(png|jpe?g|gif|ico|woff2?)$/i.test(file),
  );
}

describe('no machine paths in tracked files', () => {
  it('finds the paths it is for, and not system folders or URL paths', () => {
    // Written as a call of a name, so that a scan of the tree for `import('/…` does not flag this test.
    const call = (fn: string, path: string) => `${fn}('${path}')`;
    expect(machinePaths(`await ${call('import', '/work/main/bench/src/host.bench.ts')};`)).toHaveLength(1);
    expect(machinePaths(`readFileSync("/home/ada/project/x.json")`)).toHaveLength(1);
    expect(machinePaths('const dir = `/tmp/c-host/data`;')).toHaveLength(1);
    expect(machinePaths(call('require', '/root/.cache/x.js'))).toHaveLength(1);
    expect(machinePaths(`new URL('file:///work/main/x.ts')`)).toHaveLength(1);
    expect(machinePaths('cd /work/main && npm test')).toHaveLength(1);
    expect(machinePaths(`{ "extends": "/Users/ada/tsconfig.json" }`)).toHaveLength(1);
    for (const fine of [
      `const root = '/usr/lib/postgresql';`,
      `findExecutable(['/usr/sbin/nginx'])`,
      `fetch('https://api.example.com/home/items')`,
      `path: '/v1/customers', route: '/api/tmp/runs'`,
      `mkdtempSync(join(tmpdir(), 'c-host-'))`,
      `const home = '/home';`,
      `'./work/notes.txt', '../tmp/x'`,
    ]) {
      expect(machinePaths(fine), fine).toEqual([]);
    }
  });

  it('holds for every tracked source, config and script', () => {
    const files = trackedSources();
    expect(files).toContain('scripts/bootstrap.mjs');
    expect(files).toContain(SELF);
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files.filter((name) => name !== SELF)) {
      const bytes = readFileSync(join(root, file));
      if (bytes.includes(0)) continue;
      for (const hit of machinePaths(bytes.toString('utf8'))) found.push(`${file}:${hit}`);
    }
    expect(found).toEqual([]);
  });
});
