// The tests start Debian's system tools (runuser, initdb, pg_ctl, nginx, chromium) wherever Debian
// installs them, whatever PATH their caller has: a root shell's PATH often lacks /usr/sbin.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asServiceUser, findExecutable, SYSTEM_DIRS } from './system.js';

const dir = mkdtempSync(join(tmpdir(), 'c-system-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findExecutable', () => {
  it('finds runuser in /usr/sbin with a PATH that lacks it', () => {
    // Debian's util-linux puts runuser there; the CI machine is Debian.
    expect(existsSync('/usr/sbin/runuser')).toBe(true);
    expect(findExecutable(['runuser'], '/usr/bin:/bin')).toBe('/usr/sbin/runuser');
    expect(findExecutable(['runuser'], '')).toBe('/usr/sbin/runuser');
  });

  it('searches PATH first, then the system folders', () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const tool = join(bin, 'runuser');
    writeFileSync(tool, '#!/bin/sh\n');
    chmodSync(tool, 0o755);
    expect(findExecutable(['runuser'], bin)).toBe(tool);
    expect(SYSTEM_DIRS).toContain('/usr/sbin');
  });

  it('skips what is not an executable file, and relative PATH entries', () => {
    const plain = join(dir, 'plain');
    mkdirSync(join(plain, 'c-tool-dir'), { recursive: true });
    writeFileSync(join(plain, 'c-tool-file'), 'not a program');
    expect(findExecutable(['c-tool-dir', 'c-tool-file'], plain)).toBeUndefined();
    expect(findExecutable(['c-tool-file'], '.')).toBeUndefined();
    expect(findExecutable([join(plain, 'c-tool-file')])).toBeUndefined();
  });

  it('runs a service as another user through runuser by its full path', () => {
    const path = process.env.PATH;
    process.env.PATH = '/usr/bin:/bin';
    try {
      const [command, args] = asServiceUser({ name: 'postgres', uid: 1, gid: 1 }, '/x/initdb', ['-D', 'd']);
      expect(command).toBe('/usr/sbin/runuser');
      expect(args).toEqual(['-u', 'postgres', '--', '/x/initdb', '-D', 'd']);
    } finally {
      process.env.PATH = path;
    }
    expect(asServiceUser({ name: undefined, uid: 1, gid: 1 }, 'nginx', ['-t'])).toEqual(['nginx', ['-t']]);
  });
});
