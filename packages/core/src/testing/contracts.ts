import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

function findRepoRoot(start: string): string | undefined {
  let current = resolve(start);
  for (;;) {
    if (existsSync(join(current, 'pnpm-workspace.yaml'))) return current;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/**
 * The folder of the providers' published contracts: `C_CONTRACTS_DIR`, or `../shared/contracts`
 * beside the repository. Undefined when missing, except in CI (`CI` set), where a missing folder
 * is an error rather than a silent skip. The repository is found upward from `start` (the
 * working directory by default).
 */
export function contractsDir(start: string = process.cwd()): string | undefined {
  const fromEnv = process.env.C_CONTRACTS_DIR;
  const root = findRepoRoot(start);
  const candidate = fromEnv ? resolve(fromEnv) : root ? join(root, '..', 'shared', 'contracts') : undefined;
  if (candidate && existsSync(candidate)) return candidate;
  if (process.env.CI) {
    throw new Error(
      `The provider contracts folder is missing (${candidate ?? 'no repository root found'}). In CI it must be present; set C_CONTRACTS_DIR or place shared/ beside the repository.`,
    );
  }
  return undefined;
}

/** Reads a contract file as text (path relative to the contracts folder). */
export function readContract(relativePath: string): string {
  const dir = contractsDir();
  if (!dir) throw new Error('The provider contracts folder is missing');
  return readFileSync(join(dir, relativePath), 'utf8');
}

/** Reads and parses a JSON contract file. */
export function readJsonContract<T = unknown>(relativePath: string): T {
  return JSON.parse(readContract(relativePath)) as T;
}
