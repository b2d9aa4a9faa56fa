#!/usr/bin/env node
// The project's own bootstrap. It runs on whatever Node is on PATH (20 or newer): when that Node is
// older than 22 it fetches the pinned Node 24 and pnpm from the npm registry into `.toolchain/`
// (git-ignored) and runs everything else with them. No global installs, no corepack download.
//
//   node scripts/bootstrap.mjs start   install, build, start the host on its embedded defaults
//   node scripts/bootstrap.mjs test    install, build, lint, typecheck, run every test
//   node scripts/bootstrap.mjs bench   install, build, run the benchmarks
//   node scripts/bootstrap.mjs build   install and build (what `./c-host` needs)
//   node scripts/bootstrap.mjs release install, build, then the release check (.ci/run, after test)
//   node scripts/bootstrap.mjs toolchain  only fetch the toolchain
//   node scripts/bootstrap.mjs pnpm …  run pnpm with the project's toolchain
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolchainDir = join(root, '.toolchain');
const NODE_VERSION = '24.21.0';
const PNPM_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split(
  '@',
)[1];
const MIN_NODE_MAJOR = 22;

function log(message) {
  process.stderr.write(`[bootstrap] ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(status, what) {
  if (status !== 0) {
    log(`${what} failed (exit ${status})`);
    process.exit(status);
  }
}

/** Installs the pinned Node (when needed) and pnpm into .toolchain and returns the bin folder. */
function ensureToolchain() {
  const major = Number(process.versions.node.split('.')[0]);
  const needNode = major < MIN_NODE_MAJOR;
  const wanted = { pnpm: PNPM_VERSION, ...(needNode ? { node: NODE_VERSION } : {}) };
  const stampFile = join(toolchainDir, 'stamp.json');
  const stamp = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8') || '{}') : {};
  const binDir = join(toolchainDir, 'node_modules', '.bin');
  // A toolchain that holds more than this run needs (Node 24 fetched by an earlier run on Node 20,
  // and this run already on Node 24) is kept: refetching pnpm alone would remove that Node.
  const covered = Object.entries(wanted).every(([name, version]) => stamp[name] === version);
  if (!covered || !existsSync(join(binDir, 'pnpm'))) {
    log(
      needNode
        ? `Node ${process.versions.node} is older than ${MIN_NODE_MAJOR}: fetching Node ${NODE_VERSION} and pnpm ${PNPM_VERSION} into .toolchain/`
        : `fetching pnpm ${PNPM_VERSION} into .toolchain/`,
    );
    rmSync(toolchainDir, { recursive: true, force: true });
    mkdirSync(toolchainDir, { recursive: true });
    writeFileSync(
      join(toolchainDir, 'package.json'),
      `${JSON.stringify({ name: 'c-toolchain', private: true, dependencies: wanted }, null, 2)}\n`,
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    must(
      run(npm, ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], {
        cwd: toolchainDir,
        env: { ...process.env, npm_config_update_notifier: 'false' },
      }),
      'toolchain install',
    );
    writeFileSync(stampFile, JSON.stringify(wanted));
  }
  if (needNode) {
    const check = spawnSync(join(binDir, 'node'), ['--version'], { encoding: 'utf8' });
    if (check.status !== 0 || !check.stdout.startsWith('v24.')) {
      log(`the fetched Node did not start: ${check.stderr || check.stdout}`);
      process.exit(1);
    }
  }
  return binDir;
}

const binDir = ensureToolchain();
const env = {
  ...process.env,
  PATH: `${binDir}${delimiter}${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
  npm_config_update_notifier: 'false',
  TURBO_TELEMETRY_DISABLED: '1',
  // Colour codes make redirected logs (CI, `npm test > log`) unreadable; a terminal keeps them.
  ...(!process.stdout.isTTY && !process.env.FORCE_COLOR ? { NO_COLOR: '1' } : {}),
};
const pnpm = (args) => run(join(binDir, 'pnpm'), args, { env });

function install() {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : ['--prefer-offline'];
  must(pnpm(['install', ...frozen, '--reporter=append-only']), 'pnpm install');
}

/** Sums every vitest JSON report into one closing line: `N passed, N failed, N skipped`. */
function summarize() {
  const file = join(root, '.vitest-results.json');
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  process.stdout.write(
    `\ntests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped\n`,
  );
}

/**
 * The web UI's end-to-end tests drive Debian's Chromium (no browser download is possible here).
 * Install it when missing and we may (root with apt); otherwise those tests say why they skip.
 */
function ensureChromium() {
  if (installed('chromium') || installed('chromium-browser')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    log('Chromium is not installed and cannot be installed here: browser tests will be skipped');
    return;
  }
  log('installing Debian chromium for the browser tests');
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env: aptEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  // DejaVu gives the screenshots readable text; Chromium alone renders none on a bare machine.
  const status = run(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
    {
      env: aptEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (status !== 0) log('installing chromium failed: browser tests will fail in CI');
}

/** Whether a command is where Debian installs it (whatever PATH says: it may lack /usr/sbin), or on PATH. */
function installed(command) {
  if (['/usr/sbin', '/usr/bin', '/sbin', '/bin'].some((dir) => existsSync(join(dir, command)))) return true;
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Debian's PostgreSQL server: `initdb` under /usr/lib/postgresql/<major>/bin, or on PATH. */
function hasPostgres() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root) && readdirSync(root).some((major) => existsSync(join(root, major, 'bin', 'initdb')))) {
    return true;
  }
  return installed('initdb');
}

/**
 * The store and fleet tests start a throwaway PostgreSQL cluster and nginx from Debian's packages.
 * Install them when missing and we may (root with apt); otherwise those tests skip, saying why, and
 * fail in CI, where a missing one is a broken machine.
 */
function ensureFleetServices() {
  const missing = [...(hasPostgres() ? [] : ['postgresql']), ...(installed('nginx') ? [] : ['nginx'])];
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    log(
      `${missing.join(' and ')} not installed and cannot be installed here: the fleet tests will be skipped`,
    );
    return;
  }
  log(`installing Debian ${missing.join(' and ')} for the store and fleet tests`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env: aptEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const status = run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: aptEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (status !== 0) log(`installing ${missing.join(' and ')} failed: the fleet tests will fail in CI`);
}

/** Whether a Python 3 that imports `jsonschema` is on PATH or where Debian installs it. */
function hasPythonJsonschema() {
  return ['python3', '/usr/bin/python3'].some(
    (python) => spawnSync(python, ['-c', 'import jsonschema'], { stdio: 'ignore' }).status === 0,
  );
}

/**
 * The MCP test of the Python SDK's schema checks runs Python's `jsonschema` (what the SDK validates
 * with): Debian's python3-jsonschema, installed when missing and we may; otherwise that test skips,
 * saying why, and fails in CI.
 */
function ensurePythonJsonschema() {
  if (hasPythonJsonschema()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    log(
      "Python's jsonschema is not installed and cannot be installed here: the Python SDK schema test will be skipped",
    );
    return;
  }
  log('installing Debian python3-jsonschema for the Python SDK schema test');
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env: aptEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const status = run(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'python3', 'python3-jsonschema'],
    { env: aptEnv, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (status !== 0) log('installing python3-jsonschema failed: the Python SDK schema test will fail in CI');
}

/**
 * What `start` needs built: every package's JavaScript, not its type declarations (most of a cold
 * build's time: tsup runs a TypeScript program per package for them). A build that `test` or `build`
 * left in turbo's cache is reused whole; otherwise the JavaScript alone is built (`C_BUILD_TYPES=0`,
 * its own cache entry), and a later `test` builds or restores the declarations.
 */
function buildToStart() {
  const dry = spawnSync(join(binDir, 'pnpm'), ['exec', 'turbo', 'run', 'build', '--dry=json'], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let cached = false;
  try {
    const tasks = JSON.parse(dry.stdout.slice(dry.stdout.indexOf('{'))).tasks ?? [];
    cached = tasks.length > 0 && tasks.every((task) => task.cache?.status === 'HIT');
  } catch {
    cached = false;
  }
  const buildEnv = cached ? env : { ...env, C_BUILD_TYPES: '0' };
  if (!cached) log('building the JavaScript that starting needs (type declarations come with npm test)');
  must(
    run(join(binDir, 'pnpm'), ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
      env: buildEnv,
    }),
    'build',
  );
}

const [command = 'test', ...rest] = process.argv.slice(2);
switch (command) {
  case 'start': {
    install();
    buildToStart();
    // Straight to the host's CLI on the toolchain's Node: no pnpm process between.
    const node =
      spawnSync('sh', ['-c', 'command -v node'], { env, encoding: 'utf8' }).stdout.trim() || 'node';
    process.exit(
      run(node, [join(root, 'apps', 'host', 'dist', 'cli.js'), 'serve', '--sandbox', ...rest], { env }),
    );
    break;
  }
  case 'test': {
    install();
    must(pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']), 'build');
    must(pnpm(['exec', 'biome', 'check', '.']), 'lint');
    must(pnpm(['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']), 'typecheck');
    ensureChromium();
    ensureFleetServices();
    ensurePythonJsonschema();
    rmSync(join(root, '.vitest-results.json'), { force: true });
    const status = pnpm([
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.vitest-results.json',
      ...rest,
    ]);
    summarize();
    process.exit(status);
    break;
  }
  case 'build': {
    install();
    must(pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']), 'build');
    break;
  }
  case 'release': {
    install();
    must(pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']), 'build');
    // On the toolchain's Node: the check needs Node ≥ 22.12, which can require() ES modules.
    process.exit(pnpm(['exec', 'node', 'scripts/release-check.mjs', ...rest]));
    break;
  }
  case 'toolchain':
    break;
  case 'bench': {
    install();
    must(pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']), 'build');
    process.exit(pnpm(['--filter', '@c/bench', 'run', 'bench', ...rest]));
    break;
  }
  case 'pnpm': {
    process.exit(pnpm(rest));
    break;
  }
  default:
    log(`unknown command ${command}; use start, test, build, release, bench or pnpm`);
    log(`workspace packages: ${readdirSync(join(root, 'packages')).join(', ')}`);
    process.exit(2);
}
