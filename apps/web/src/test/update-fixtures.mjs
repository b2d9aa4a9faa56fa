#!/usr/bin/env node
// Rewrites `__fixtures__/commands.json` from the host's real registry: for each command the web's
// tests use, its title, annotations, input schema and lookups as `c-host describe` (and so
// `GET /api/commands/:id`) gives them, read from the workspace's sources (no build needed). Run it
// after changing a connector's commands, from the repository root:
//
//   node scripts/bootstrap.mjs pnpm exec node apps/web/src/test/update-fixtures.mjs [more.command.ids…]
//
// The commands already in the file are kept; ids given as arguments are added.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..', '..');
const file = join(here, '__fixtures__', 'commands.json');

const current = JSON.parse(readFileSync(file, 'utf8'));
const ids = [...new Set([...Object.keys(current), ...process.argv.slice(2)])];

async function describe(id) {
  const { stdout } = await run(
    'pnpm',
    ['--filter', '@c/host', 'exec', 'tsx', '--conditions=@c/source', 'src/cli.ts', 'describe', id],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  const detail = JSON.parse(stdout);
  const entry = { title: detail.title, annotations: detail.annotations, inputSchema: detail.inputSchema };
  if (detail.lookups && Object.keys(detail.lookups).length > 0) entry.lookups = detail.lookups;
  return entry;
}

const fixtures = {};
// A few at a time: each starts the host's CLI.
for (let start = 0; start < ids.length; start += 4) {
  const batch = ids.slice(start, start + 4);
  const entries = await Promise.all(batch.map(describe));
  batch.forEach((id, index) => {
    fixtures[id] = entries[index];
  });
}
writeFileSync(file, `${JSON.stringify(fixtures, null, 1)}\n`);
process.stderr.write(`${ids.length} commands written to ${file}\n`);
