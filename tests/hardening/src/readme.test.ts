// The root README lists every command; this keeps it true. `UPDATE_README=1` rewrites the table.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectors } from './connectors.js';

const readmePath = join(import.meta.dirname, '..', '..', '..', 'README.md');
const START = '<!-- commands:start -->';
const END = '<!-- commands:end -->';

function firstSentence(text: string): string {
  // A sentence ends at . ! or ? before a capital letter or the end (so "e.g. GET" does not end one).
  const match = /^(.+?(?<!\be\.g|\bi\.e)[.!?])(?=\s+[A-Z]|$)/s.exec(text.trim());
  return (match?.[1] ?? text).replace(/\s+/g, ' ').replace(/\|/g, '\\|');
}

function commandTable(): string {
  const lines: string[] = [];
  for (const connector of connectors) {
    lines.push(
      '',
      `### ${connector.id}: ${connector.title}`,
      '',
      '| id | title | parameters | what it does |',
      '|---|---|---|---|',
    );
    for (const command of connector.list) {
      const schema = command.inputSchema as { properties?: Record<string, unknown>; required?: string[] };
      const required = new Set(schema.required ?? []);
      const params = Object.keys(schema.properties ?? {})
        .map((key) => (required.has(key) ? `**${key}**` : key))
        .join(', ');
      lines.push(
        `| \`${connector.id}.${command.key}\` | ${command.title} | ${params || '—'} | ${firstSentence(command.description)} |`,
      );
    }
  }
  return `${START}\n${lines.join('\n').trim()}\n\nParameters in **bold** are required. \`c-host describe <id>\` prints a command's full JSON Schema.\n${END}`;
}

describe('root README', () => {
  it('lists every command with its parameters', () => {
    const readme = readFileSync(readmePath, 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start).toBeGreaterThan(-1);
    const expected = commandTable();
    const current = readme.slice(start, end + END.length);
    if (process.env.UPDATE_README === '1' && current !== expected) {
      writeFileSync(readmePath, readme.slice(0, start) + expected + readme.slice(end + END.length));
      return;
    }
    expect(current).toBe(expected);
  });

  it('gives every command a unique id', () => {
    const ids = connectors.flatMap((connector) =>
      connector.list.map((command) => `${connector.id}.${command.key}`),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
