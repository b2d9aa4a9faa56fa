import { NetworkError, PermissionError, ProviderError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import type { DocsDocument, DocsStructuralElement, DocsTab, DocsTabProperties } from '../docs-schemas.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';
import { updateDocumentContent } from './update-document-content.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

/** A fresh document for one test: "Agenda" (a heading), "Budget review", "Hiring". */
function agenda(title = 'Agenda'): string {
  return t.sim.state.createDocument({
    title,
    paragraphs: [
      { text: 'Agenda', style: { namedStyleType: 'HEADING_1' } },
      { text: 'Budget review' },
      { text: 'Hiring' },
    ],
  }).id;
}

/** [startIndex, endIndex, text] of each paragraph. */
function paragraphs(document: DocsDocument) {
  return document
    .body!.content!.filter((element) => element.paragraph)
    .map((element) => [
      element.startIndex,
      element.endIndex,
      element.paragraph!.elements!.map((item) => item.textRun!.content).join(''),
    ]);
}

async function read(documentId: string): Promise<DocsDocument> {
  return t.connect().run('fetchDocumentContent', { documentId });
}

describe('updateDocumentContent: index arithmetic on real documents', () => {
  it('inserts at index 1, the top of the body, and shifts the rest', async () => {
    const id = agenda();
    const result = await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [{ insertText: { location: { index: 1 }, text: 'Draft — ' } }],
    });
    const [call] = callsTo(t.sim, `/v1/documents/${id}:batchUpdate`);
    expect(call).toMatchObject({ method: 'POST' });
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.headers['idempotency-key']).toBeUndefined();
    expect(call!.bodyJson).toEqual({
      requests: [{ insertText: { location: { index: 1 }, text: 'Draft — ' } }],
    });
    expect(result).toEqual({
      documentId: id,
      replies: [{}],
      writeControl: { requiredRevisionId: expect.stringMatching(/^AL/) },
    });
    expect(updateDocumentContent.output!.parse(result)).toEqual(result);
    expect(paragraphs(await read(id))).toEqual([
      [1, 16, 'Draft — Agenda\n'],
      [16, 30, 'Budget review\n'],
      [30, 37, 'Hiring\n'],
    ]);
  });

  it('inserts in the middle of a paragraph at the index read from the structure', async () => {
    const id = agenda();
    const before = await read(id);
    const budget = before.body!.content![2]!; // "Budget review\n" at 8..22
    expect([budget.startIndex, budget.endIndex]).toEqual([8, 22]);
    await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [{ insertText: { location: { index: budget.startIndex! + 'Budget '.length }, text: 'Q3 ' } }],
    });
    expect(paragraphs(await read(id))).toEqual([
      [1, 8, 'Agenda\n'],
      [8, 25, 'Budget Q3 review\n'],
      [25, 32, 'Hiring\n'],
    ]);
  });

  it('applies several operations in one request, in the order given, highest index first', async () => {
    const id = agenda();
    const result = await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [
        { insertText: { location: { index: 28 }, text: ' (two roles)' } }, // end of "Hiring"
        { deleteContentRange: { range: { startIndex: 14, endIndex: 21 } } }, // " review"
        { insertText: { location: { index: 8 }, text: '• ' } },
        {
          updateTextStyle: {
            range: { startIndex: 1, endIndex: 7 },
            textStyle: { bold: true },
            fields: 'bold',
          },
        },
        {
          updateParagraphStyle: {
            range: { startIndex: 8, endIndex: 9 },
            paragraphStyle: { namedStyleType: 'HEADING_2' },
            fields: 'namedStyleType',
          },
        },
      ],
    });
    expect(result.replies).toEqual([{}, {}, {}, {}, {}]);
    expect(result.warnings).toBeUndefined();
    const after = await read(id);
    expect(paragraphs(after)).toEqual([
      [1, 8, 'Agenda\n'],
      [8, 17, '• Budget\n'],
      [17, 36, 'Hiring (two roles)\n'],
    ]);
    const [heading, budget] = after.body!.content!.slice(1);
    expect(heading!.paragraph!.elements![0]!.textRun).toEqual({
      content: 'Agenda',
      textStyle: { bold: true },
    });
    expect(heading!.paragraph!.elements![1]!.textRun).toEqual({ content: '\n', textStyle: {} });
    expect(budget!.paragraph!.paragraphStyle!.namedStyleType).toBe('HEADING_2');
  });

  it('deletes a range across paragraphs, merging them', async () => {
    const id = agenda();
    await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [{ deleteContentRange: { range: { startIndex: 15, endIndex: 23 } } }], // "review\nH"
    });
    expect(paragraphs(await read(id))).toEqual([
      [1, 8, 'Agenda\n'],
      [8, 21, 'Budget iring\n'],
    ]);
  });

  it('counts UTF-16 code units, as Google does', async () => {
    const id = t.sim.state.createDocument({
      title: 'Emoji',
      paragraphs: [{ text: 'Ship it 🚀 today' }],
    }).id;
    // "Ship it " is 8 units, the rocket 2: "today" starts at 1 + 8 + 2 + 1 = 12.
    await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [{ insertText: { location: { index: 12 }, text: 'not ' } }],
    });
    expect(paragraphs(await read(id))).toEqual([[1, 22, 'Ship it 🚀 not today\n']]);
  });

  it('replaceAllText replies with the number of occurrences changed', async () => {
    const id = agenda();
    const result = await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: JSON.stringify([
        { replaceAllText: { containsText: { text: 'budget', matchCase: false }, replaceText: 'Cost' } },
      ]),
    });
    expect(result.replies).toEqual([{ replaceAllText: { occurrencesChanged: 1 } }]);
    expect(paragraphs(await read(id))[1]).toEqual([8, 20, 'Cost review\n']);
  });

  it('warns, without reordering, when edits go up in index', async () => {
    const id = agenda();
    const requests = [
      { insertText: { location: { index: 8 }, text: 'A' } },
      { insertText: { location: { index: 22 }, text: 'B' } },
    ];
    const result = await t.connect().run('updateDocumentContent', { documentId: id, requests });
    expect(callsTo(t.sim, `/v1/documents/${id}:batchUpdate`)[0]!.bodyJson).toEqual({ requests });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings![0]).toContain('requests.1.insertText.location.index (22)');
    expect(result.warnings![0]).toContain('requests.0.insertText.location.index (8)');
    // The earlier insert shifted everything by one: B, meant for the start of "Hiring", landed at
    // the end of the paragraph before it.
    expect(paragraphs(await read(id))[1]![2]).toBe('ABudget reviewB\n');
  });
});

describe('updateDocumentContent: write control', () => {
  it('passes requiredRevisionId through as writeControl and applies on a match', async () => {
    const id = agenda();
    const { revisionId } = await read(id);
    const result = await t.connect().run('updateDocumentContent', {
      documentId: id,
      requiredRevisionId: revisionId!,
      requests: [{ insertText: { location: { index: 1 }, text: 'x' } }],
    });
    expect(callsTo(t.sim, `/v1/documents/${id}:batchUpdate`)[0]!.bodyJson).toEqual({
      requests: [{ insertText: { location: { index: 1 }, text: 'x' } }],
      writeControl: { requiredRevisionId: revisionId },
    });
    expect(result.writeControl!.requiredRevisionId).not.toBe(revisionId);
    expect((await read(id)).revisionId).toBe(result.writeControl!.requiredRevisionId);
  });

  it('a stale revision is refused with a 400 and nothing changes', async () => {
    const id = agenda();
    const { revisionId: stale } = await read(id);
    await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [{ insertText: { location: { index: 1 }, text: 'first ' } }],
    });
    const error = await t
      .connect()
      .run('updateDocumentContent', {
        documentId: id,
        requiredRevisionId: stale!,
        requests: [{ insertText: { location: { index: 1 }, text: 'second ' } }],
      })
      .catch((caught) => caught);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, retryable: false, providerCode: 'FAILED_PRECONDITION' });
    expect(paragraphs(await read(id))[0]![2]).toBe('first Agenda\n');
  });
});

describe('updateDocumentContent: refused before sending', () => {
  const cases: [string, unknown, string, string][] = [
    ['an empty list', [], 'requests', 'at least one request'],
    ['an empty list in a string', '[]', 'requests', 'at least one request'],
    ['text that is not JSON', '[{"insertText": ', 'requests', 'not valid JSON'],
    ['the whole batchUpdate body', '{"requests": []}', 'requests', 'not the whole batchUpdate body'],
    [
      'an unknown request type',
      [{ insertText: { location: { index: 1 }, text: 'a' } }, { insertParagraph: {} }],
      'requests.1.insertParagraph',
      'not a Google Docs request type',
    ],
    [
      'two types in one request',
      [
        {
          insertText: { location: { index: 1 }, text: 'a' },
          deleteContentRange: { range: { startIndex: 1, endIndex: 2 } },
        },
      ],
      'requests.0',
      'exactly one',
    ],
    ['a request with no type', [{}], 'requests.0', 'no request type'],
    [
      'an index below 1',
      [{ insertText: { location: { index: 0 }, text: 'a' } }],
      'requests.0.insertText.location.index',
      'must be 1 or more',
    ],
    [
      'a negative range start',
      [{ deleteContentRange: { range: { startIndex: -1, endIndex: 3 } } }],
      'requests.0.deleteContentRange.range.startIndex',
      'must be 1 or more',
    ],
    [
      'a range ending where it starts',
      [
        { insertText: { location: { index: 9 }, text: 'a' } },
        { insertText: { location: { index: 5 }, text: 'b' } },
        { deleteContentRange: { range: { startIndex: 5, endIndex: 5 } } },
      ],
      'requests.2.deleteContentRange.range.endIndex',
      'greater than startIndex',
    ],
    [
      'a range ending before it starts',
      [
        {
          updateTextStyle: {
            range: { startIndex: 9, endIndex: 4 },
            textStyle: { bold: true },
            fields: 'bold',
          },
        },
      ],
      'requests.0.updateTextStyle.range.endIndex',
      'greater than startIndex',
    ],
    [
      'a field the request type does not have',
      [{ insertText: { location: { index: 1 }, txt: 'a' } }],
      'requests.0.insertText.txt',
      'not a field of InsertTextRequest',
    ],
    [
      'a nested unknown field',
      [
        {
          updateTextStyle: {
            range: { startIndex: 1, endIndex: 2 },
            textStyle: { bolder: true },
            fields: 'bold',
          },
        },
      ],
      'requests.0.updateTextStyle.textStyle.bolder',
      'not a field of TextStyle',
    ],
    [
      'a wrong value type',
      [{ insertText: { location: { index: '3' }, text: 'a' } }],
      'requests.0.insertText.location.index',
      'must be an integer',
    ],
    [
      'an unknown enum value',
      [
        {
          updateParagraphStyle: {
            range: { startIndex: 1, endIndex: 2 },
            paragraphStyle: { namedStyleType: 'HEADING_9' },
            fields: 'namedStyleType',
          },
        },
      ],
      'requests.0.updateParagraphStyle.paragraphStyle.namedStyleType',
      'must be one of',
    ],
    [
      'both location and endOfSegmentLocation',
      [{ insertText: { location: { index: 1 }, endOfSegmentLocation: {}, text: 'a' } }],
      'requests.0.insertText',
      'not both',
    ],
    [
      'neither location nor endOfSegmentLocation',
      [{ insertText: { text: 'a' } }],
      'requests.0.insertText',
      'needs location',
    ],
    ['a request that is not an object', ['insertText'], 'requests.0', 'must be an object'],
  ];

  it.each(cases)('%s', async (_name, requests, parameter, message) => {
    const error = await t
      .connect()
      .run('updateDocumentContent', { documentId: agenda(), requests: requests as never })
      .catch((caught) => caught);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(error.message).toContain(message);
    expect(t.sim.server.calls).toHaveLength(0);
  });

  it('accepts a body-relative index of 0 in a header segment (headers start at 0)', async () => {
    const error = await t
      .connect()
      .run('updateDocumentContent', {
        documentId: agenda(),
        requests: [{ insertText: { location: { index: 0, segmentId: 'kix.header1' }, text: 'a' } }],
      })
      .catch((caught) => caught);
    // Sent (the check passed); the simulator has no such header, as Google would say.
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.providerMessage).toContain('segment');
    expect(t.sim.server.calls).toHaveLength(1);
  });
});

describe('updateDocumentContent: failures', () => {
  it('a document shared to view only is a PermissionError that asks for edit access', async () => {
    const error = await t
      .connect()
      .run('updateDocumentContent', {
        documentId: t.sim.seeded!.viewOnlyId,
        requests: [{ insertText: { location: { index: 1 }, text: 'x' } }],
      })
      .catch((caught) => caught);
    expect(PermissionError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/needs view or edit access to that document \(edit access to change it\)/);
  });

  it('Google’s refusals (final newline, index past the end) are ProviderErrors with its message', async () => {
    const id = agenda();
    const client = t.connect();
    const newline = await client
      .run('updateDocumentContent', {
        documentId: id,
        requests: [{ deleteContentRange: { range: { startIndex: 22, endIndex: 29 } } }],
      })
      .catch((caught) => caught);
    expect(newline).toMatchObject({ kind: 'provider', status: 400, providerCode: 'INVALID_ARGUMENT' });
    expect(newline.providerMessage).toBe(
      'Invalid requests[0].deleteContentRange: The range cannot include the newline character at the end of the segment.',
    );
    const past = await client
      .run('updateDocumentContent', {
        documentId: id,
        requests: [{ insertText: { location: { index: 40 }, text: 'x' } }],
      })
      .catch((caught) => caught);
    expect(past.providerMessage).toBe(
      'Invalid requests[0].insertText: Index 40 must be less than the end index of the referenced segment, 29.',
    );
    expect(paragraphs(await read(id))).toHaveLength(3);
  });

  it('a batch applies atomically: one bad request and nothing changes', async () => {
    const id = agenda();
    const before = await read(id);
    const error = await t
      .connect()
      .run('updateDocumentContent', {
        documentId: id,
        requests: [
          { insertText: { location: { index: 1 }, text: 'kept? ' } },
          { insertText: { location: { index: 500 }, text: 'x' } },
        ],
      })
      .catch((caught) => caught);
    expect(error.providerMessage).toMatch(/^Invalid requests\[1\]\.insertText/);
    const after = await read(id);
    expect(after.revisionId).toBe(before.revisionId);
    expect(paragraphs(after)).toEqual(paragraphs(before));
  });

  it('is not repeated when the connection drops after Google applied it: the text is there once', async () => {
    const id = agenda();
    t.sim.server.fault({
      type: 'reset-after-handler',
      match: (call) => call.path.endsWith(':batchUpdate'),
    });
    const error = await t
      .connect()
      .run('updateDocumentContent', {
        documentId: id,
        requests: [{ insertText: { location: { index: 1 }, text: 'Once ' } }],
      })
      .catch((caught) => caught);
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toMatch(/outcome is unknown/);
    expect(callsTo(t.sim, `/v1/documents/${id}:batchUpdate`)).toHaveLength(1);
    expect(paragraphs(await read(id))[0]![2]).toBe('Once Agenda\n');
  });

  it('is not repeated after a 503 either (Google may have applied part of its work)', async () => {
    const id = agenda();
    t.sim.server.fault({
      type: 'status',
      status: 503,
      body: '{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}',
      match: (call) => call.path.endsWith(':batchUpdate'),
    });
    const error = await t
      .connect()
      .run('updateDocumentContent', {
        documentId: id,
        requests: [{ insertText: { location: { index: 1 }, text: 'x' } }],
      })
      .catch((caught) => caught);
    expect(error).toMatchObject({
      kind: 'provider',
      status: 503,
      retryable: true,
      providerCode: 'UNAVAILABLE',
    });
    expect(callsTo(t.sim, `/v1/documents/${id}:batchUpdate`)).toHaveLength(1);
  });
});

describe('updateDocumentContent: tabs', () => {
  /** A document of two tabs, "One" (t.0) and "Two" with a child tab "Two A". */
  function tabbed(): { id: string; two: string; twoA: string } {
    const file = t.sim.state.createDocument({
      title: 'Tabbed',
      tabs: [
        { title: 'One', paragraphs: [{ text: 'first' }] },
        {
          id: 't.twotwotwotw',
          title: 'Two',
          paragraphs: [{ text: 'second' }],
          childTabs: [{ id: 't.twoatwoatwo', title: 'Two A', paragraphs: [{ text: 'nested' }] }],
        },
      ],
    });
    return { id: file.id, two: 't.twotwotwotw', twoA: 't.twoatwoatwo' };
  }

  /** Each tab's text, by tab id. */
  async function tabTexts(id: string): Promise<Record<string, string>> {
    const document = await read(id);
    const out: Record<string, string> = {};
    const walk = (tabs: DocsTab[]) => {
      for (const tab of tabs) {
        out[tab.tabProperties.tabId] = tab
          .documentTab!.body!.content!.flatMap((element) => element.paragraph?.elements ?? [])
          .map((element) => element.textRun?.content ?? '')
          .join('');
        walk(tab.childTabs ?? []);
      }
    };
    walk(document.tabs!);
    return out;
  }

  it('applies Tab ID to every location and range that names no tab; a named tab stays', async () => {
    const { id, two, twoA } = tabbed();
    await t.connect().run('updateDocumentContent', {
      documentId: id,
      tabId: two,
      requests: [
        { insertText: { endOfSegmentLocation: {}, text: ' (edited)' } },
        { insertText: { location: { index: 1 }, text: 'The ' } },
        { insertText: { location: { index: 1, tabId: twoA }, text: 'Deeply ' } },
      ],
    });
    expect(callsTo(t.sim, `/v1/documents/${id}:batchUpdate`)[0]!.bodyJson).toEqual({
      requests: [
        { insertText: { endOfSegmentLocation: { tabId: two }, text: ' (edited)' } },
        { insertText: { location: { index: 1, tabId: two }, text: 'The ' } },
        { insertText: { location: { index: 1, tabId: twoA }, text: 'Deeply ' } },
      ],
    });
    expect(await tabTexts(id)).toEqual({
      't.0': 'first\n',
      [two]: 'The second (edited)\n',
      [twoA]: 'Deeply nested\n',
    });
  });

  it('without Tab ID, locations that name no tab are in the first tab', async () => {
    const { id, two } = tabbed();
    await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [{ insertText: { location: { index: 1 }, text: 'the ' } }],
    });
    expect(callsTo(t.sim, `/v1/documents/${id}:batchUpdate`)[0]!.bodyJson).toEqual({
      requests: [{ insertText: { location: { index: 1 }, text: 'the ' } }],
    });
    expect((await tabTexts(id))['t.0']).toBe('the first\n');
    expect((await tabTexts(id))[two]).toBe('second\n');
  });

  it('adds, renames, moves and deletes tabs', async () => {
    const { id, two, twoA } = tabbed();
    const client = t.connect();
    const added = await client.run('updateDocumentContent', {
      documentId: id,
      requests: [{ addDocumentTab: { tabProperties: { title: 'Three', parentTabId: two, index: 0 } } }],
    });
    const properties = (added.replies[0] as { addDocumentTab: { tabProperties: DocsTabProperties } })
      .addDocumentTab.tabProperties;
    expect(properties).toEqual({
      tabId: expect.stringMatching(/^t\.[a-z0-9]{12}$/),
      title: 'Three',
      index: 0,
      parentTabId: two,
      nestingLevel: 1,
    });
    await client.run('updateDocumentContent', {
      documentId: id,
      requests: [
        {
          updateDocumentTabProperties: {
            tabProperties: { tabId: properties.tabId, title: 'Third', iconEmoji: '🧪' },
            fields: 'title,iconEmoji',
          },
        },
        { insertText: { location: { index: 1, tabId: properties.tabId }, text: 'new tab text' } },
        { deleteTab: { tabId: twoA } },
      ],
    });
    const document = await read(id);
    expect(document.tabs!.map((tab) => tab.tabProperties.title)).toEqual(['One', 'Two']);
    expect(document.tabs![1]!.childTabs!.map((tab) => tab.tabProperties)).toEqual([
      {
        tabId: properties.tabId,
        title: 'Third',
        index: 0,
        parentTabId: two,
        nestingLevel: 1,
        iconEmoji: '🧪',
      },
    ]);
    expect((await tabTexts(id))[properties.tabId]).toBe('new tab text\n');
  });

  it('a tab the document does not have is Google’s 400, and nothing applies', async () => {
    const { id } = tabbed();
    const before = await tabTexts(id);
    const error = await t
      .connect()
      .run('updateDocumentContent', {
        documentId: id,
        tabId: 't.missingmissi',
        requests: [{ insertText: { location: { index: 1 }, text: 'x' } }],
      })
      .catch((caught) => caught);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.providerMessage).toBe(
      'Invalid requests[0].insertText: The tab with ID t.missingmissi was not found.',
    );
    expect(await tabTexts(id)).toEqual(before);
  });
});

describe('updateDocumentContent: bullets, tables and chips', () => {
  it('createParagraphBullets makes list items; leading tabs set the nesting level and go', async () => {
    const id = t.sim.state.createDocument({
      title: 'List',
      paragraphs: [{ text: 'Groceries' }, { text: 'Milk' }, { text: '\tOat' }, { text: 'Bread' }],
    }).id;
    await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [
        {
          createParagraphBullets: {
            range: { startIndex: 11, endIndex: 25 },
            bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
          },
        },
      ],
    });
    const document = await read(id);
    expect(paragraphs(document)).toEqual([
      [1, 11, 'Groceries\n'],
      [11, 16, 'Milk\n'],
      [16, 20, 'Oat\n'],
      [20, 26, 'Bread\n'],
    ]);
    const items = document.body!.content!.slice(2).map((element) => element.paragraph!);
    const listId = (items[0]!.bullet as { listId: string }).listId;
    expect(items.map((item) => item.bullet)).toEqual([
      { listId, textStyle: {} },
      { listId, nestingLevel: 1, textStyle: {} },
      { listId, textStyle: {} },
    ]);
    expect(items[1]!.paragraphStyle).toMatchObject({
      indentFirstLine: { magnitude: 54, unit: 'PT' },
      indentStart: { magnitude: 72, unit: 'PT' },
    });
    const lists = document.tabs![0]!.documentTab!.lists as Record<
      string,
      { listProperties: { nestingLevels: unknown[] } }
    >;
    expect(lists[listId]!.listProperties.nestingLevels.slice(0, 2)).toEqual([
      expect.objectContaining({ glyphSymbol: '●', glyphFormat: '%0' }),
      expect.objectContaining({ glyphSymbol: '○', glyphFormat: '%0' }),
    ]);
  });

  it('insertTable puts a newline first, so the table starts at index + 1, with one empty paragraph per cell', async () => {
    const id = t.sim.state.createDocument({ title: 'Table', paragraphs: [] }).id;
    const client = t.connect();
    await client.run('updateDocumentContent', {
      documentId: id,
      requests: [{ insertTable: { location: { index: 1 }, rows: 2, columns: 2 } }],
    });
    const table = (await read(id)).body!.content![2]!;
    expect([table.startIndex, table.endIndex]).toEqual([2, 14]);
    const cells = (
      table.table as {
        tableRows: { tableCells: { startIndex: number; content: DocsStructuralElement[] }[] }[];
      }
    ).tableRows.flatMap((row) => row.tableCells);
    // Text goes in at each cell's paragraph, from the last cell up so earlier indexes hold.
    expect(cells.map((cell) => cell.content[0]!.startIndex)).toEqual([5, 7, 10, 12]);
    await client.run('updateDocumentContent', {
      documentId: id,
      requests: [
        { insertText: { location: { index: 12 }, text: 'd' } },
        { insertText: { location: { index: 10 }, text: 'c' } },
        { insertText: { location: { index: 7 }, text: 'b' } },
        { insertText: { location: { index: 5 }, text: 'a' } },
      ],
    });
    const filled = (await read(id)).body!.content![2]!;
    const texts = (
      filled.table as { tableRows: { tableCells: { content: DocsStructuralElement[] }[] }[] }
    ).tableRows.map((row) =>
      row.tableCells.map((cell) => cell.content[0]!.paragraph!.elements![0]!.textRun!.content),
    );
    expect(texts).toEqual([
      ['a\n', 'b\n'],
      ['c\n', 'd\n'],
    ]);
    expect(filled.endIndex).toBe(18);
    // Google's rule: nothing goes between a paragraph and the table after it.
    const error = await client
      .run('updateDocumentContent', {
        documentId: id,
        requests: [{ insertText: { location: { index: 2 }, text: 'x' } }],
      })
      .catch((caught) => caught);
    expect(error.providerMessage).toContain('must be inside the bounds of an existing paragraph');
  });

  it('insertPerson, insertDate and insertRichLink add chips of one index each', async () => {
    const id = t.sim.state.createDocument({ title: 'Chips', paragraphs: [{ text: 'Owner: ' }] }).id;
    const spec = t.sim.seeded!.specId;
    await t.connect().run('updateDocumentContent', {
      documentId: id,
      requests: [
        {
          insertRichLink: {
            endOfSegmentLocation: {},
            richLinkProperties: { uri: `https://docs.google.com/document/d/${spec}/edit` },
          },
        },
        {
          insertDate: {
            location: { index: 8 },
            dateElementProperties: { timestamp: '2026-11-09T10:00:00Z', dateFormat: 'DATE_FORMAT_ISO8601' },
          },
        },
        { insertPerson: { location: { index: 8 }, personProperties: { email: 'morgan@example.com' } } },
      ],
    });
    const elements = (await read(id)).body!.content![1]!.paragraph!.elements!;
    expect(
      elements.map((element) => [element.startIndex, element.endIndex, Object.keys(element)[2]]),
    ).toEqual([
      [1, 8, 'textRun'],
      [8, 9, 'person'],
      [9, 10, 'dateElement'],
      [10, 11, 'richLink'],
      [11, 12, 'textRun'],
    ]);
    expect(elements[1]!.person).toMatchObject({
      personProperties: { email: 'morgan@example.com', name: 'Morgan Lee' },
    });
    expect(elements[2]!.dateElement).toMatchObject({
      dateElementProperties: { displayText: '2026-11-09', timestamp: '2026-11-09T10:00:00.000Z' },
    });
    expect(elements[3]!.richLink).toMatchObject({
      richLinkProperties: {
        title: 'Search Service — Technical Spec',
        mimeType: 'application/vnd.google-apps.document',
      },
    });
  });

  it('sends comment requests as they are; the reply is the new comment thread', async () => {
    const id = agenda();
    const requests = [{ insertComment: { range: { startIndex: 1, endIndex: 7 }, content: 'Shorter?' } }];
    const result = await t.connect().run('updateDocumentContent', { documentId: id, requests });
    expect(callsTo(t.sim, `/v1/documents/${id}:batchUpdate`)[0]!.bodyJson).toEqual({ requests });
    expect(result.replies).toEqual([
      {
        insertComment: {
          commentThread: expect.objectContaining({
            plainTextQuote: 'Agenda',
            status: 'OPEN',
            headPost: expect.objectContaining({ content: 'Shorter?' }),
          }),
        },
      },
    ]);
  });
});
