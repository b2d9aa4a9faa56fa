/** @vitest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import schemas from './results/__fixtures__/schemas.json';
import { mockConnectors } from './test/mock-host';
import { workspaceConnectors } from './test/workspace-connectors';

// The web app knows no connector by name: what it shows of a command (its form, lookups, result
// views and charts) comes from the host's registry, so a fifth connector needs no change here. Its
// code names no connector id, command id or key, provider or connector package; comments are not
// code and are not checked. The connectors are read from the workspace's packages, so a new one is
// checked too.

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Names still in the code, each to go with the change that removes it (the test fails when one is
 * gone, so this list cannot outlive it). Empty: keep it so.
 */
const pending: Record<string, string[]> = {};

/** The app's own sources: not tests or test support. */
function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'test' || entry.name === '__fixtures__' ? [] : sources(path);
    const file = relative(root, path);
    return /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) ? [file] : [];
  });
}

/** The source as TypeScript prints it without comments: what is left is code and its strings. */
function withoutComments(file: string, text: string): string {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const QUOTE = '[\'"`]';

describe('the web app', async () => {
  const connectors = await workspaceConnectors();
  const names: [RegExp, string][] = connectors.flatMap((connector) => {
    const id = literal(connector.id);
    const keys = connector.list.map((command) => literal(command.key)).join('|');
    return [
      // A qualified id or tool name (`x.getY`, `x_getY`), the package, the id as a string or as the
      // key of a table by connector (`{ docs: {…} }`).
      [
        new RegExp(
          `\\b${id}[._](${keys})\\b|@c/${id}\\b|${QUOTE}${id}${QUOTE}|(^|[{,])\\s*${id}\\s*:\\s*(\\{|${QUOTE})`,
        ),
        connector.id,
      ],
      // The provider, by the first word of the connector's title (`Stripe`, `Google`).
      [
        new RegExp(`\\b${literal(connector.title.split(' ')[0] ?? '')}\\b`),
        `the provider of ${connector.id}`,
      ],
      // A command key as a string; not the value of an HTML `type` attribute (payments' `search`
      // is also an input type).
      ...connector.list.map((command): [RegExp, string] => [
        new RegExp(`(?<!\\btype=)${QUOTE}${literal(command.key)}${QUOTE}`),
        command.key,
      ]),
    ];
  });
  /** Each connector id as a word: two on one line are a list of the connectors, bound to go stale. */
  const ids = connectors.map((connector) => new RegExp(`\\b${literal(connector.id)}\\b`));

  /** What each file names, as `what: line`. */
  function namesIn(code: string): { what: string; line: string }[] {
    const found: { what: string; line: string }[] = [];
    for (const line of code.split('\n')) {
      for (const [pattern, what] of names) if (pattern.test(line)) found.push({ what, line: line.trim() });
      if (ids.filter((id) => id.test(line)).length >= 2)
        found.push({ what: 'lists connectors', line: line.trim() });
    }
    return found;
  }

  it('names no connector, command or provider in its code', () => {
    const found: string[] = [];
    const left: Record<string, Set<string>> = {};
    for (const file of sources()) {
      const code = withoutComments(file, readFileSync(join(root, file), 'utf8'));
      for (const { what, line } of namesIn(code)) {
        if (!pending[file]?.includes(what)) found.push(`${file} names ${what}: ${line}`);
        else left[file] = new Set([...(left[file] ?? []), what]);
      }
    }
    expect(found).toEqual([]);
    // A pending name that is gone leaves the list: it must not excuse a new one later.
    expect(Object.fromEntries(Object.entries(left).map(([file, what]) => [file, [...what].sort()]))).toEqual(
      Object.fromEntries(Object.entries(pending).map(([file, what]) => [file, [...what].sort()])),
    );
  });

  it('would see a name in code, and none in a comment', () => {
    expect(connectors.length).toBeGreaterThanOrEqual(4);
    const code = withoutComments(
      'probe.tsx',
      [
        '// payments.getCustomers is an example',
        `const a = id === 'payments.getCustomers';`,
        "const env = { docs: { key: 'C_DOCS_KEY' }, issues: issues ?? [] };",
        '/** Stripe */',
        'const b = <p>{/* Amplitude */}Stripe</p>;',
      ].join('\n'),
    );
    const hits = namesIn(code).map(({ what }) => what);
    expect(hits).toEqual(['payments', 'docs', 'lists connectors', 'the provider of payments']);
  });
});

describe('the connectors', async () => {
  const connectors = await workspaceConnectors();

  // With no names to go by, the web shows a result as its output schema declares (`x-view`); only a
  // connector's escape hatch (its custom action, whose answer has no fixed shape) declares nothing.
  it('declare a result view for every command but one escape hatch each', () => {
    const undeclared = connectors.map((connector) => ({
      connector: connector.id,
      commands: connector.list
        .filter((command) => typeof command.outputSchema?.['x-view'] !== 'string')
        .map((command) => command.key),
    }));
    for (const { connector, commands } of undeclared) {
      expect(commands, `${connector} commands without x-view`).toHaveLength(1);
    }
  });

  // The UI's tests list the connectors from a mock host: each `env` must be what the package declares,
  // as the host's `GET /api/connectors` serves it, or a snippet test would pass on a stale list.
  it('are listed by the mock host with the variables they declare', () => {
    const mocked = Object.fromEntries(mockConnectors.map((connector) => [connector.id, connector.env]));
    const declared = Object.fromEntries(connectors.map((connector) => [connector.id, { ...connector.env }]));
    expect(mocked, 'rewrite the env of src/test/mock-host.ts').toEqual(declared);
  });

  // The result views' tests read the commands' schemas from a fixture: it must be what they are.
  it('have the schemas the result views are tested with', () => {
    for (const [id, fixture] of Object.entries(schemas)) {
      const dot = id.indexOf('.');
      const connector = connectors.find((entry) => entry.id === id.slice(0, dot));
      const command = connector?.list.find((entry) => entry.key === id.slice(dot + 1));
      expect(
        { inputSchema: command?.inputSchema, outputSchema: command?.outputSchema ?? null },
        `${id}: rewrite src/results/__fixtures__/schemas.json (c-host describe ${id} --json)`,
      ).toEqual(fixture);
    }
  });
});
