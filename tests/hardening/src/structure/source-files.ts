import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The checkout's root (paths below are relative to it, with `/`): this one, or another checkout to
 * measure (`C_STRUCTURE_ROOT`, to compare with an earlier commit).
 */
export const repoRoot =
  process.env.C_STRUCTURE_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Every `src` folder checked: each package's, the host's and the web UI's. */
export function sourceRoots(): string[] {
  const roots: string[] = [];
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(repoRoot, group))) {
      const src = join(repoRoot, group, name, 'src');
      if (statSync(src, { throwIfNoEntry: false })?.isDirectory()) roots.push(`${group}/${name}/src`);
    }
  }
  return roots.sort();
}

/** Test files and the helpers only tests import: not production code. */
export function isTestFile(path: string): boolean {
  return (
    /\.(test|bench|spec)\.tsx?$/.test(path) ||
    /-suite\.ts$/.test(path) ||
    /\/(test-support|test)\//.test(path) ||
    /\.d\.ts$/.test(path)
  );
}

/** The TypeScript files below a root (relative to the checkout), tests included. */
export function typescriptFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(repoRoot, dir))) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = `${dir}/${name}`;
      if (statSync(join(repoRoot, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}

/**
 * The files of the same tree a file imports (static, dynamic and type-only imports, re-exports),
 * read with TypeScript's own pre-processor; a `.js` specifier names the `.ts` or `.tsx` beside it.
 */
export function relativeImports(path: string, known: ReadonlySet<string>): string[] {
  const info = ts.preProcessFile(readFileSync(join(repoRoot, path), 'utf8'), true, true);
  const targets = new Set<string>();
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = relative(repoRoot, resolve(join(repoRoot, dirname(path)), fileName))
      .split('\\')
      .join('/');
    const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
    const found = [`${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) =>
      known.has(candidate),
    );
    if (found) targets.add(found);
  }
  return [...targets];
}

/** The import cycles among files: each strongly connected group of two or more (Tarjan), sorted. */
export function importCycles(files: readonly string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, relativeImports(file, known)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (edges.get(file) ?? []).includes(file)) groups.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
