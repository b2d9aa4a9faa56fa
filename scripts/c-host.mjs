#!/usr/bin/env node
// `./c-host <args>` from a checkout: runs the built `c-host` on a Node new enough for it (the one on
// PATH when it is, else the Node 24 that the bootstrap keeps in `.toolchain/`), fetching the toolchain
// and building first when needed. Everything this script says goes to stderr, so that `./c-host mcp`
// keeps stdout for the protocol alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'apps', 'host', 'dist', 'cli.js');
const toolchainNode = join(root, '.toolchain', 'node_modules', '.bin', 'node');

function newEnough(version) {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
}

/** Runs the bootstrap with its output on stderr; exits when it fails. */
function bootstrap(command) {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'bootstrap.mjs'), command], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

let node = newEnough(process.versions.node) ? process.execPath : toolchainNode;
if (node === toolchainNode && !existsSync(toolchainNode)) bootstrap('toolchain');
if (!existsSync(cli)) {
  process.stderr.write('c-host is not built yet: installing and building once (this takes a minute)…\n');
  bootstrap('build');
}
if (!existsSync(node)) node = process.execPath;

const child = spawn(node, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
// Ctrl-C reaches the child from the terminal itself; a signal sent to this process alone is passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
