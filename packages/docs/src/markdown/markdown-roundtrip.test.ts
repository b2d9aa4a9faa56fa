import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSimulator } from '@c/core/testing/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { connectDocs } from '../testing/google-test-helpers.js';
import { canonicalMarkdown, markdownSyntaxReady, parseMarkdown } from './markdown-syntax.js';

const corpusDir = join(import.meta.dirname, '__fixtures__', 'corpus');
const corpus = readdirSync(corpusDir)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => ({ name, markdown: readFileSync(join(corpusDir, name), 'utf8') }));

/** The constructs a document holds, by the names of the table printed after the run. */
function constructsOf(markdown: string): Set<string> {
  const found = new Set<string>();
  const visit = (
    node: {
      type: string;
      depth?: number;
      ordered?: boolean | null;
      checked?: boolean | null;
      children?: unknown[];
    },
    listDepth: number,
  ) => {
    const name =
      node.type === 'list'
        ? listDepth > 0
          ? 'nested list'
          : node.ordered
            ? 'numbered list'
            : 'bullet list'
        : node.type === 'listItem' && typeof node.checked === 'boolean'
          ? 'checkbox item'
          : node.type === 'heading'
            ? `heading ${node.depth}`
            : node.type;
    found.add(name);
    const deeper = node.type === 'list' ? listDepth + 1 : listDepth;
    for (const child of (node.children ?? []) as (typeof node)[]) visit(child, deeper);
  };
  visit(parseMarkdown(markdown) as never, 0);
  for (const plain of ['root', 'paragraph', 'text', 'listItem', 'tableRow', 'tableCell']) found.delete(plain);
  return found;
}

/** Round trips that came back unchanged, by document and route. */
const passed = new Map<string, Set<string>>();
const pass = (name: string, route: string) => passed.set(name, (passed.get(name) ?? new Set()).add(route));

beforeAll(() => markdownSyntaxReady());

afterAll(() => {
  const rows = new Map<string, { documents: number; writeMarkdown: number; driveImport: number }>();
  for (const { name, markdown } of corpus) {
    for (const construct of constructsOf(markdown)) {
      const row = rows.get(construct) ?? { documents: 0, writeMarkdown: 0, driveImport: 0 };
      row.documents += 1;
      if (passed.get(name)?.has('writeMarkdown')) row.writeMarkdown += 1;
      if (passed.get(name)?.has('driveImport')) row.driveImport += 1;
      rows.set(construct, row);
    }
  }
  const table = Object.fromEntries([...rows].sort(([a], [b]) => a.localeCompare(b)));
  console.log(
    `Markdown round trip over ${corpus.length} documents: documents holding each construct, and how many came back unchanged`,
  );
  console.table(table);
});

describe('Markdown round trip through the simulator', () => {
  const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

  it('has a corpus of at least 30 documents', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  it.each(corpus)(
    '$name: writeMarkdown then getDocumentAsMarkdown gives it back',
    async ({ name, markdown }) => {
      expect(canonicalMarkdown(markdown)).toBe(markdown);
      const created = await t.client.run('createDocumentFile', { name: 'Round trip' });
      await t.client.run('writeMarkdown', { documentId: created.documentId, markdown, mode: 'replace' });
      const read = await t.client.run('getDocumentAsMarkdown', { documentId: created.documentId });
      expect(read.markdown).toBe(markdown);
      pass(name, 'writeMarkdown');
    },
  );

  it.each(corpus)(
    '$name: createDocumentFromMarkdown (Drive converts) then getDocumentAsMarkdown gives it back',
    async ({ name, markdown }) => {
      const created = await t.client.run('createDocumentFromMarkdown', { title: name, markdown });
      const read = await t.client.run('getDocumentAsMarkdown', { documentId: created.documentId });
      expect(read.markdown).toBe(markdown);
      pass(name, 'driveImport');
    },
  );
});
