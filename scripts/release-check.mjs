#!/usr/bin/env node
// The release check, as a stranger would meet the packages: each publishable package packed with
// `pnpm pack`, the tarballs installed with plain npm into a new project outside the repository, and
// each package README's first ```ts example run against that connector's simulator, as an ES module
// and through `require()`, and type-checked with `tsc --strict` (no skipLibCheck). It lists each
// tarball's files and fails on a missing LICENSE, README or type declarations, on test files, on a
// file no export reaches; then `pnpm publish -r --dry-run` must run clean. Needs the packages built
// and, for npm, the registry (third-party dependencies); nothing else leaves the machine.
//
//   node scripts/bootstrap.mjs release      build, then this (what .ci/run does after `npm test`)
//   node scripts/release-check.mjs [--keep] (keeps the temporary project and prints where)
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exec as run } from './exec.mjs';
import { npmInstall } from './npm-install.mjs';
import { auditTarball, exportTargets, firstTsBlock, toCommonJs } from './release-check-lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['core', 'payments', 'analytics', 'issues', 'docs'];
/** Optional peers nothing here loads: only `@c/core/testing/vitest` needs vitest. */
const SKIPPED_PEERS = new Set(['vitest']);
const keep = process.argv.includes('--keep');
const started = performance.now();

/** `exec` from the repository root unless told otherwise. */
const exec = (command, args, options = {}) => run(command, args, { cwd: root, ...options });

/** Formats rows as a plain-text table with aligned columns. */
function table(headers, rows) {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(headers), rule, ...cells.slice(1).map(line)].join('\n');
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const tail = (text, lines = 12) => text.trim().split('\n').slice(-lines).join('\n');

/** Packs every package into `dir` (in parallel: each is mostly waiting on pnpm's start-up). */
async function pack(dir) {
  const results = await Promise.all(
    PACKAGES.map((id) =>
      exec('pnpm', ['pack', '--pack-destination', dir], {
        cwd: join(root, 'packages', id),
        timeoutMs: 120_000,
      }),
    ),
  );
  const failed = results.findIndex((result) => result.status !== 0);
  if (failed >= 0)
    throw new Error(`pnpm pack of @c/${PACKAGES[failed]} failed:\n${tail(results[failed].stderr)}`);
  const tarballs = new Map();
  for (const file of readdirSync(dir)) {
    const match = /^c-(\w+)-\d+\.\d+\.\d+.*\.tgz$/.exec(file);
    if (match?.[1]) tarballs.set(match[1], join(dir, file));
  }
  return tarballs;
}

/** Lists and unpacks a tarball, then audits its files. */
async function audit(id, tarball, dir) {
  const listed = await exec('tar', ['-tzvf', tarball]);
  const sizes = new Map();
  for (const line of listed.stdout.trim().split('\n')) {
    const match = /\s(\d+)\s+\S+\s+\S+\s+package\/(.+)$/.exec(line);
    if (match?.[2]) sizes.set(match[2], Number(match[1]));
  }
  const into = join(dir, id);
  mkdirSync(into, { recursive: true });
  await exec('tar', ['-xzf', tarball, '-C', into]);
  const read = (path) => readFileSync(join(into, 'package', path), 'utf8');
  const packageJson = JSON.parse(read('package.json'));
  const files = [...sizes.keys()].sort();
  return { id, tarball, files, sizes, packageJson, ...auditTarball({ files, packageJson, read }) };
}

/** The npm project a stranger would make: the tarballs, the peers the simulators need, tsc. */
async function install(project, audits) {
  const rootJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const extras = new Map([
    ['typescript', rootJson.devDependencies.typescript],
    ['@types/node', rootJson.devDependencies['@types/node']],
  ]);
  for (const { packageJson } of audits) {
    for (const [name, range] of Object.entries(packageJson.peerDependencies ?? {})) {
      // The version the package's own tests use, where it pins one.
      if (!SKIPPED_PEERS.has(name)) extras.set(name, packageJson.devDependencies?.[name] ?? range);
    }
  }
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'c-release-check', private: true, type: 'module' }, null, 2)}\n`,
  );
  const specs = [
    ...audits.map((entry) => entry.tarball),
    ...[...extras].map(([name, range]) => `${name}@${range}`),
  ];
  const { ms } = await npmInstall(project, specs, { cache: join(project, '..', 'npm-cache') });
  return ms;
}

/** Writes each package's first README example as `<id>.mts` and its CommonJS form as `<id>.cts`. */
function writeExamples(project) {
  const examples = new Map();
  for (const id of PACKAGES) {
    const readme = readFileSync(join(project, 'node_modules', '@c', id, 'README.md'), 'utf8');
    const code = firstTsBlock(readme);
    if (!code) continue;
    writeFileSync(join(project, `${id}.mts`), code);
    writeFileSync(join(project, `${id}.cts`), toCommonJs(code));
    examples.set(id, code);
  }
  copyFileSync(join(root, 'scripts', 'release-check-runner.mjs'), join(project, 'runner.mjs'));
  writeFileSync(
    join(project, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          target: 'es2023',
          lib: ['es2023'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: ['node'],
        },
        files: [...examples.keys()].map((id) => `${id}.mts`),
      },
      null,
      2,
    )}\n`,
  );
  return examples;
}

/** `tsc --strict` over every example at once; its errors sorted by example. */
async function typecheck(project) {
  const result = await exec(join(project, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], {
    cwd: project,
  });
  const errors = new Map(PACKAGES.map((id) => [id, []]));
  for (const line of result.stdout.split('\n')) {
    if (!line.includes('error TS')) continue;
    const owner = PACKAGES.find((id) => line.startsWith(`${id}.mts`)) ?? libraryOwner(line);
    errors.get(owner)?.push(line.trim());
  }
  return { errors, status: result.status, ms: result.ms, output: result.stdout };
}

/** The package whose shipped file a tsc error line is in (`node_modules/@c/<id>/…`), else core. */
function libraryOwner(line) {
  return /node_modules\/@c\/(\w+)\//.exec(line)?.[1] ?? 'core';
}

/** Requires every export of every package from CommonJS, as Node ≥ 22.12 allows. */
async function requireEach(project, audits) {
  const results = new Map();
  for (const { id, packageJson } of audits) {
    const subpaths = [...new Set(exportTargets(packageJson.exports).map((target) => target.subpath))].filter(
      (subpath) => !subpath.endsWith('.json'),
    );
    const specifiers = subpaths.map((subpath) => `@c/${id}${subpath.slice(1)}`);
    const script = `for (const s of ${JSON.stringify(specifiers)}) { try { require(s); console.log('ok', s); } catch (e) { const peer = /Cannot find (?:package|module) '([^']+)'/.exec(e.message); console.log(peer && ${JSON.stringify([...SKIPPED_PEERS])}.includes(peer[1]) ? 'skipped' : 'failed', s, e.code, e.message.split('\\n')[0]); } }`;
    const result = await exec(process.execPath, ['-e', script], { cwd: project });
    results.set(id, result.stdout.trim().split('\n').filter(Boolean));
  }
  return results;
}

/** Runs each example against its simulator: `runner.mjs` prints one JSON line per example file. */
async function runExamples(project, examples) {
  const results = new Map();
  for (const id of examples.keys()) {
    const result = await exec(process.execPath, ['runner.mjs', id, `${id}.mts`, `${id}.cts`], {
      cwd: project,
      timeoutMs: 120_000,
    });
    const lines = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
    results.set(id, { status: result.status, runs: lines, stderr: result.stderr });
  }
  return results;
}

/** `pnpm publish -r --dry-run` for the five packages: what a release would publish, nothing sent. */
function publishDryRun() {
  const filters = PACKAGES.flatMap((id) => ['--filter', `@c/${id}`]);
  return exec('pnpm', ['publish', '-r', '--dry-run', '--no-git-checks', ...filters], { timeoutMs: 180_000 });
}

function printFiles(audits) {
  for (const entry of audits) {
    process.stdout.write(`\n@c/${entry.id} ${entry.packageJson.version}: ${entry.files.length} files\n`);
    const rows = entry.files.map((file) => [
      file,
      `${((entry.sizes.get(file) ?? 0) / 1024).toFixed(1)} kB`,
      entry.unreached.includes(file) ? 'NOT REACHED' : entry.tests.includes(file) ? 'TEST FILE' : '',
    ]);
    process.stdout.write(`${table(['file', 'size', ''], rows)}\n`);
  }
}

/** The summary table, one row a package; returns every failure with its details. */
function summarize(audits, typed, required, ran) {
  const failures = [];
  const rows = audits.map((entry) => {
    const { id } = entry;
    for (const problem of entry.problems) failures.push(`@c/${id}: ${problem}`);
    const requires = required.get(id) ?? [];
    const requireFailed = requires.filter((line) => line.startsWith('failed'));
    for (const line of requireFailed) failures.push(`@c/${id}: require() ${line.slice(7)}`);
    const tsErrors = typed.errors.get(id) ?? [];
    for (const line of tsErrors) failures.push(`@c/${id}: tsc ${line}`);
    const run = ran.get(id);
    const byFile = (suffix) => run?.runs.find((entry) => entry.file.endsWith(suffix));
    const cell = (result) => (result ? (result.ok ? `ok, ${result.calls} calls` : 'FAILED') : 'not run');
    for (const result of run?.runs ?? []) {
      if (!result.ok) failures.push(`@c/${id}: example ${result.file}: ${result.error}`);
    }
    if (!run || run.runs.length < 2) {
      failures.push(
        `@c/${id}: the README's first example did not run:\n${tail(run?.stderr ?? 'no ```ts block')}`,
      );
    }
    return [
      `@c/${id}`,
      entry.files.length,
      `${([...entry.sizes.values()].reduce((a, b) => a + b, 0) / 1024).toFixed(0)} kB`,
      entry.files.some((file) => /^LICEN[CS]E/i.test(file)) ? 'yes' : 'MISSING',
      entry.files.includes('README.md') ? 'yes' : 'MISSING',
      entry.types,
      entry.tests.length === 0 ? 'none' : `${entry.tests.length} SHIPPED`,
      entry.unreached.length === 0 ? 'none' : `${entry.unreached.length} UNREACHED`,
      requireFailed.length === 0
        ? `ok (${requires.length - requires.filter((l) => l.startsWith('skipped')).length})`
        : 'FAILED',
      tsErrors.length === 0 ? 'ok' : `${tsErrors.length} errors`,
      cell(byFile('.mts')),
      cell(byFile('.cts')),
    ];
  });
  const headers = [
    'package',
    'files',
    'size',
    'LICENSE',
    'README',
    'typed exports',
    'test files',
    'unreached',
  ];
  headers.push('require() exports', 'tsc --strict', 'example (ESM)', 'example (require)');
  process.stdout.write(`\n${table(headers, rows)}\n`);
  return failures;
}

async function main() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    throw new Error(`Node ${process.versions.node}: the check needs Node ≥ 22.12 (require() of ES modules)`);
  }
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'c-release-')));
  if (!relative(root, work).startsWith('..')) throw new Error(`${work} is inside the repository`);
  try {
    const packs = join(work, 'packs');
    const project = join(work, 'project');
    mkdirSync(project, { recursive: true });
    const tarballs = await pack(packs);
    const audits = await Promise.all(
      PACKAGES.map((id) => audit(id, tarballs.get(id), join(work, 'unpacked'))),
    );
    printFiles(audits);
    const installMs = await install(project, audits);
    const examples = writeExamples(project);
    const typed = await typecheck(project);
    const required = await requireEach(project, audits);
    const ran = await runExamples(project, examples);
    const failures = summarize(audits, typed, required, ran);
    if (typed.status !== 0 && [...typed.errors.values()].every((errors) => errors.length === 0)) {
      failures.push(`tsc failed:\n${tail(typed.output)}`);
    }
    const publish = await publishDryRun();
    if (publish.status !== 0) failures.push(`pnpm publish -r --dry-run failed:\n${tail(publish.stderr)}`);
    process.stdout.write(
      `\nnode ${process.versions.node}; npm install ${seconds(installMs)}; tsc ${seconds(typed.ms)}; ` +
        `publish dry run ${publish.status === 0 ? 'clean' : 'FAILED'} (${seconds(publish.ms)}); ` +
        `total ${seconds(performance.now() - started)}\n`,
    );
    if (failures.length > 0) {
      process.stdout.write(`\nrelease check FAILED:\n${failures.map((line) => `- ${line}`).join('\n')}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write('release check passed\n');
    }
  } finally {
    if (keep) process.stdout.write(`kept ${work}\n`);
    else rmSync(work, { recursive: true, force: true });
  }
}

await main();
