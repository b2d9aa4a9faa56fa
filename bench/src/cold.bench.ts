import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coldStartMs, printTable } from './harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

function resolvable(specifier: string): boolean {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    try {
      import.meta.resolve(specifier);
      return true;
    } catch {
      return false;
    }
  }
}

/** Cold import of each package (whole process, median) against `node -e 0`. */
export async function benchCold(scale: number): Promise<void> {
  const runs = Math.max(5, Math.round(15 * scale));
  const baseline = coldStartMs('0', runs, here);
  const subjects: [string, string, string][] = [
    ['undici (full)', "await import('undici')", ''],
    ['@c/core', "await import('@c/core')", ''],
    ['@c/payments', "await import('@c/payments')", '≤ 2.5×'],
    ['@c/analytics', "await import('@c/analytics')", '≤ 2.5×'],
    ['@c/issues', "await import('@c/issues')", '≤ 2.5×'],
    ['@c/docs', "await import('@c/docs')", '≤ 2.5×'],
    ['stripe', "await import('stripe')", ''],
    ['@linear/sdk', "await import('@linear/sdk')", ''],
    ['googleapis', "await import('googleapis')", ''],
  ];
  const rows: string[][] = [['node -e 0', baseline.toFixed(1), '1.00×', '']];
  for (const [name, code, target] of subjects) {
    const specifier = name.split(' ')[0] ?? name;
    if (!resolvable(specifier)) {
      rows.push([name, 'not installed', '', target]);
      continue;
    }
    const ms = coldStartMs(code, runs, here);
    rows.push([name, ms.toFixed(1), `${(ms / baseline).toFixed(2)}×`, target]);
  }
  printTable(`Cold import (median of ${runs} processes)`, ['module', 'ms', 'vs node -e 0', 'target'], rows);
}
