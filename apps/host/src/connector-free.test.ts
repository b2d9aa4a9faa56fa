import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConnectors } from './connectors.js';

// The host knows no connector by name: outside `connectors.ts`, the one list that loads the
// packages, its code names no connector id, command, provider or connector variable (in logic,
// messages, help or descriptions). Everything comes from the registry, so a fifth connector needs
// no change here (fifth-connector.test.ts). Comments are not code and are not checked.

const root = fileURLToPath(new URL('.', import.meta.url));

/** The host's own sources: not tests, test support, or the list itself. */
function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    const file = relative(root, path);
    const isTest = /\.test\.ts$|-suite\.ts$/.test(file);
    return file.endsWith('.ts') && !isTest && file !== 'connectors.ts' ? [file] : [];
  });
}

/**
 * The source with its comments blanked out (newlines kept, so line numbers hold). Strings, template
 * literals (with their `${…}` code) and regular expressions are read whole, so a `//` in a URL or a
 * quote in a pattern is not taken for more than it is.
 */
function withoutComments(source: string): string {
  const out = [...source];
  const blank = (from: number, to: number) => {
    for (let at = from; at < to; at += 1) if (out[at] !== '\n') out[at] = ' ';
  };
  /** Brace depths at which a template literal's `${…}` ends and the literal goes on. */
  const templates: number[] = [];
  let depth = 0;
  let previous = '';
  let index = 0;
  /** Reads a template literal's text from `at` up to its end or its next `${`. */
  const template = (at: number): number => {
    while (at < source.length && source[at] !== '`') {
      if (source[at] === '\\') at += 2;
      else if (source[at] === '$' && source[at + 1] === '{') {
        templates.push(depth);
        depth += 1;
        return at + 2;
      } else at += 1;
    }
    return at + 1;
  };
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      blank(index, end === -1 ? source.length : end);
      index = end === -1 ? source.length : end;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      blank(index, end === -1 ? source.length : end + 2);
      index = end === -1 ? source.length : end + 2;
      continue;
    }
    if (char === "'" || char === '"') {
      let end = index + 1;
      while (end < source.length && source[end] !== char) end += source[end] === '\\' ? 2 : 1;
      index = end + 1;
    } else if (char === '`') {
      index = template(index + 1);
    } else if (char === '/' && (previous === '' || '(,=:[!&|?{};'.includes(previous))) {
      // A regular expression: to its closing slash, outside any character class.
      let end = index + 1;
      let inClass = false;
      while (end < source.length && (inClass || source[end] !== '/')) {
        if (source[end] === '\\') end += 1;
        else if (source[end] === '[') inClass = true;
        else if (source[end] === ']') inClass = false;
        end += 1;
      }
      index = end + 1;
    } else if (char === '}' && templates.at(-1) === depth - 1) {
      templates.pop();
      depth -= 1;
      index = template(index + 1);
    } else {
      if (char === '{') depth += 1;
      if (char === '}') depth -= 1;
      index += 1;
    }
    if (!/\s/.test(char)) previous = char === '/' ? ')' : char;
  }
  return out.join('');
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const QUOTE = '[\'"`]';

describe('the host', async () => {
  const connectors = await loadConnectors();
  /** What only a connector knows, each a pattern and what it stands for. */
  const names: [RegExp, string][] = connectors.flatMap((connector) => {
    const keys = connector.list.map((command) => literal(command.key)).join('|');
    const id = literal(connector.id);
    return [
      // A qualified id, tool name or glob (`x.getY`, `x_getY`, `x.*`), the package, the id as a string.
      [new RegExp(`\\b${id}[._](${keys}|\\*)|@c/${id}\\b|${QUOTE}${id}${QUOTE}`), connector.id],
      // The provider, by the first word of the connector's title (`Stripe`, `Google`).
      [new RegExp(`\\b${literal(connector.title.split(' ')[0]!)}\\b`), `the provider of ${connector.id}`],
      // A command key as a string: a host method may share a key's name without meaning it.
      ...connector.list.map((command): [RegExp, string] => [
        new RegExp(`${QUOTE}${literal(command.key)}${QUOTE}`),
        command.key,
      ]),
      ...Object.keys(connector.env ?? {}).map((variable): [RegExp, string] => [
        new RegExp(`\\b${literal(variable)}\\b`),
        variable,
      ]),
    ];
  });

  /** Each connector id as a word: two on one line are a list of the connectors, bound to go stale. */
  const ids = connectors.map((connector) => new RegExp(`\\b${literal(connector.id)}\\b`));

  it('names no connector, command, provider or connector variable outside connectors.ts', () => {
    const found: string[] = [];
    for (const file of sources()) {
      const lines = withoutComments(readFileSync(join(root, file), 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const [pattern, what] of names) {
          if (pattern.test(line)) found.push(`${file}:${index + 1} names ${what}: ${line.trim()}`);
        }
        if (ids.filter((id) => id.test(line)).length >= 2) {
          found.push(`${file}:${index + 1} lists connectors: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('would see a name in code, and none in a comment or a URL', () => {
    expect(names.length).toBeGreaterThan(40);
    const code = withoutComments(
      [
        "const url = 'https://example.com//x'; // payments.createCustomer",
        '/* issues.searchIssues */ if (id === "payments.getCustomers" || key === `createCustomer`) {}',
        "help('docs or issues')",
      ].join('\n'),
    );
    const hits = names.filter(([pattern]) => pattern.test(code)).map(([, what]) => what);
    expect(hits).toEqual(['payments', 'createCustomer']);
    expect(ids.filter((id) => id.test(code.split('\n')[2]!))).toHaveLength(2);
  });
});
