import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './harness.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function folderSize(path: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) {
      const inner = folderSize(full);
      bytes += inner.bytes;
      files += inner.files;
    } else if (entry.isFile()) {
      bytes += statSync(full).size;
      files += 1;
    }
  }
  return { bytes, files };
}

function installInto(dir: string, specs: string[]): { bytes: number; files: number; packages: number } {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'size-probe', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--omit=peer', ...specs], {
    cwd: dir,
    stdio: 'ignore',
  });
  const modules = join(dir, 'node_modules');
  const packages = readdirSync(modules).reduce(
    (count, name) =>
      count + (name.startsWith('@') ? readdirSync(join(modules, name)).length : name.startsWith('.') ? 0 : 1),
    0,
  );
  return { ...folderSize(modules), packages };
}

/** Installed size (node_modules of an empty project) of each connector against the official SDK. */
export async function benchSize(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'c-size-'));
  try {
    const packs = join(work, 'packs');
    mkdirSync(packs);
    for (const name of ['core', 'payments', 'analytics', 'issues', 'docs']) {
      execFileSync('pnpm', ['pack', '--pack-destination', packs], {
        cwd: join(root, 'packages', name),
        stdio: 'ignore',
      });
    }
    const tarball = (name: string) =>
      join(packs, readdirSync(packs).find((file) => file.startsWith(`c-${name}-`))!);
    const pairs: [string, string[], string, string[]][] = [
      ['@c/payments', [tarball('core'), tarball('payments')], 'stripe', ['stripe@23.1.0']],
      ['@c/issues', [tarball('core'), tarball('issues')], '@linear/sdk', ['@linear/sdk@91.0.0']],
      ['@c/docs', [tarball('core'), tarball('docs')], 'googleapis', ['googleapis@188.0.0']],
      [
        '@c/analytics',
        [tarball('core'), tarball('analytics')],
        '@amplitude/analytics-node',
        ['@amplitude/analytics-node'],
      ],
    ];
    const rows: string[][] = [];
    for (const [ours, ourSpecs, theirs, theirSpecs] of pairs) {
      const a = installInto(join(work, ours.replace('/', '-')), ourSpecs);
      let b: { bytes: number; files: number; packages: number } | undefined;
      try {
        b = installInto(join(work, theirs.replace('/', '-')), theirSpecs);
      } catch {
        b = undefined;
      }
      const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
      rows.push([
        ours,
        `${mb(a.bytes)} MB`,
        String(a.packages),
        theirs,
        b ? `${mb(b.bytes)} MB` : 'not installable here',
        b ? String(b.packages) : '',
        b ? `${(a.bytes / b.bytes).toFixed(2)}×` : '',
      ]);
    }
    printTable(
      'Install size (node_modules of an empty project, peers omitted)',
      ['package', 'size', 'packages', 'official SDK', 'size', 'packages', 'ours vs SDK'],
      rows,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
