#!/usr/bin/env node
// Rewrites `schemas.json` beside it: the input and output JSON Schemas of the commands the result
// views are tested with, as `c-host describe <id> --json` (and so `GET /api/commands/:id`) gives them,
// read from the workspace's sources (no build needed). `src/connector-free.test.ts` fails when they
// drift from the connectors. From the repository root:
//
//   node scripts/bootstrap.mjs pnpm exec node apps/web/src/results/__fixtures__/update-schemas.mjs [more.ids…]
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..', '..', '..');
const file = join(here, 'schemas.json');

const current = JSON.parse(readFileSync(file, 'utf8'));
const ids = [...new Set([...Object.keys(current), ...process.argv.slice(2)])];

const schemas = {};
for (const id of ids) {
  const { stdout } = await run(
    'pnpm',
    ['--filter', '@c/host', 'exec', 'tsx', '--conditions=@c/source', 'src/cli.ts', 'describe', id, '--json'],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  const detail = JSON.parse(stdout);
  schemas[id] = { inputSchema: detail.inputSchema, outputSchema: detail.outputSchema ?? null };
}
writeFileSync(file, `${JSON.stringify(schemas, null, 1)}\n`);
process.stderr.write(`${ids.length} commands written to ${file}\n`);
