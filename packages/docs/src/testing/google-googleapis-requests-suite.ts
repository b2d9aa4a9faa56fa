import type { docs_v1 } from 'googleapis';
import { expect } from 'vitest';
import type { RunningDocsSimulator } from './google-simulator.js';

// The batchUpdate request types the first document of the googleapis conformance suite does not
// send, each in a batch of its own on a second document (tables, sections, named styles, tabs,
// chips, images, headers and footers, comments and suggestions), so that the suite's table shows
// every request type of the discovery document passing.

type Step = (operation: string, run: () => Promise<string>) => Promise<void>;
type Batch = (documentId: string, requests: object[]) => Promise<docs_v1.Schema$BatchUpdateDocumentResponse>;
type Docs = docs_v1.Docs;

interface Run {
  docs: Docs;
  step: Step;
  batch: Batch;
  sim: RunningDocsSimulator;
  documentId: string;
}

/** One batch of one request type, as a row of the table. */
async function send(run: Run, type: string, requests: object[] | (() => Promise<object[]>)) {
  await run.step(`docs.documents.batchUpdate ${type}`, async () => {
    const data = await run.batch(
      run.documentId,
      typeof requests === 'function' ? await requests() : requests,
    );
    return `${data.replies!.length} ${data.replies!.length === 1 ? 'reply' : 'replies'}`;
  });
}

async function tableStart(run: Run): Promise<number> {
  const { data } = await run.docs.documents.get({ documentId: run.documentId });
  return data.body!.content!.find((element) => element.table)!.startIndex!;
}

async function tables(run: Run) {
  const cell = async (rowIndex: number, columnIndex: number) => ({
    tableStartLocation: { index: await tableStart(run) },
    rowIndex,
    columnIndex,
  });
  const whole = async () => ({ index: await tableStart(run) });
  await send(run, 'insertTableRow', async () => [
    { insertTableRow: { tableCellLocation: await cell(0, 0), insertBelow: true } },
  ]);
  await send(run, 'insertTableColumn', async () => [
    { insertTableColumn: { tableCellLocation: await cell(0, 0), insertRight: true } },
  ]);
  await send(run, 'deleteTableRow', async () => [
    { deleteTableRow: { tableCellLocation: await cell(2, 0) } },
  ]);
  await send(run, 'deleteTableColumn', async () => [
    { deleteTableColumn: { tableCellLocation: await cell(0, 2) } },
  ]);
  const range = async () => ({ tableCellLocation: await cell(0, 0), rowSpan: 1, columnSpan: 2 });
  await send(run, 'mergeTableCells', async () => [{ mergeTableCells: { tableRange: await range() } }]);
  await send(run, 'unmergeTableCells', async () => [{ unmergeTableCells: { tableRange: await range() } }]);
  await send(run, 'updateTableColumnProperties', async () => [
    {
      updateTableColumnProperties: {
        tableStartLocation: await whole(),
        columnIndices: [0],
        tableColumnProperties: { widthType: 'FIXED_WIDTH', width: { magnitude: 100, unit: 'PT' } },
        fields: 'widthType,width',
      },
    },
  ]);
  await send(run, 'updateTableRowStyle', async () => [
    {
      updateTableRowStyle: {
        tableStartLocation: await whole(),
        tableRowStyle: { minRowHeight: { magnitude: 20, unit: 'PT' } },
        fields: 'minRowHeight',
      },
    },
  ]);
  await send(run, 'updateTableCellStyle', async () => [
    {
      updateTableCellStyle: {
        tableRange: await range(),
        tableCellStyle: { backgroundColor: { color: { rgbColor: { blue: 1 } } } },
        fields: 'backgroundColor',
      },
    },
  ]);
  await send(run, 'pinTableHeaderRows', async () => [
    { pinTableHeaderRows: { tableStartLocation: await whole(), pinnedHeaderRowsCount: 1 } },
  ]);
}

async function chipsTabsAndImages(run: Run) {
  await send(run, 'deleteParagraphBullets', [
    {
      createParagraphBullets: {
        range: { startIndex: 1, endIndex: 4 },
        bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
      },
    },
    { deleteParagraphBullets: { range: { startIndex: 1, endIndex: 4 } } },
  ]);
  await send(run, 'insertPerson', [
    { insertPerson: { location: { index: 1 }, personProperties: { email: 'morgan@example.com' } } },
  ]);
  await send(run, 'insertDate', [
    { insertDate: { location: { index: 1 }, dateElementProperties: { timestamp: '2026-12-02T10:00:00Z' } } },
  ]);
  await send(run, 'insertRichLink', [
    { insertRichLink: { location: { index: 1 }, richLinkProperties: { uri: 'https://example.com/brief' } } },
  ]);
  let tabId = '';
  await send(run, 'addDocumentTab', async () => [{ addDocumentTab: { tabProperties: { title: 'Notes' } } }]);
  const { data } = await run.docs.documents.get({ documentId: run.documentId, includeTabsContent: true });
  tabId = data.tabs!.at(-1)!.tabProperties!.tabId!;
  await send(run, 'updateDocumentTabProperties', [
    { updateDocumentTabProperties: { tabProperties: { tabId, title: 'Minutes' }, fields: 'title' } },
  ]);
  await send(run, 'deleteTab', [{ deleteTab: { tabId } }]);
  const image = await run.batch(run.documentId, [
    { insertInlineImage: { uri: 'https://example.com/a.png', location: { index: 1 } } },
  ]);
  const imageObjectId = image.replies![0]!.insertInlineImage!.objectId!;
  await send(run, 'replaceImage', [{ replaceImage: { imageObjectId, uri: 'https://example.com/b.png' } }]);
  await run.step('docs.documents.batchUpdate deletePositionedObject', async () => {
    // The API cannot insert positioned objects: deleting one the document lacks is Google's 400.
    const status = await run
      .batch(run.documentId, [{ deletePositionedObject: { objectId: 'kix.none' } }])
      .then(
        () => 200,
        (error: { response?: { status?: number } }) => error.response?.status,
      );
    expect(status).toBe(400);
    return '400 for an object the document does not have';
  });
}

async function segmentsAndStyles(run: Run) {
  await send(run, 'deleteHeader', async () => {
    const made = await run.batch(run.documentId, [{ createHeader: { type: 'DEFAULT' } }]);
    return [{ deleteHeader: { headerId: made.replies![0]!.createHeader!.headerId } }];
  });
  await send(run, 'deleteFooter', async () => {
    const made = await run.batch(run.documentId, [{ createFooter: { type: 'DEFAULT' } }]);
    return [{ deleteFooter: { footerId: made.replies![0]!.createFooter!.footerId } }];
  });
  await send(run, 'insertSectionBreak', [
    { insertSectionBreak: { location: { index: 2 }, sectionType: 'NEXT_PAGE' } },
  ]);
  await send(run, 'updateSectionStyle', [
    {
      updateSectionStyle: {
        range: { startIndex: 1, endIndex: 2 },
        sectionStyle: { marginLeft: { magnitude: 54, unit: 'PT' } },
        fields: 'marginLeft',
      },
    },
  ]);
  await send(run, 'updateNamedStyle', [
    {
      updateNamedStyle: {
        namedStyle: { namedStyleType: 'HEADING_2', textStyle: { italic: true } },
        fields: 'namedStyleType,textStyle.italic',
      },
    },
  ]);
}

async function commentsAndSuggestions(run: Run) {
  let commentId = '';
  let postId = '';
  await run.step('docs.documents.batchUpdate insertComment', async () => {
    const data = await run.batch(run.documentId, [
      { insertComment: { range: { startIndex: 1, endIndex: 3 }, content: 'Check this' } },
    ]);
    commentId = (data.replies![0] as { insertComment: { commentThread: { commentId: string } } })
      .insertComment.commentThread.commentId;
    return 'a comment thread';
  });
  await run.step('docs.documents.batchUpdate addCommentReply', async () => {
    const data = await run.batch(run.documentId, [
      { addCommentReply: { commentId, post: { content: 'Done' } } },
    ]);
    postId = (data.replies![0] as { addCommentReply: { post: { postId: string } } }).addCommentReply.post
      .postId;
    return 'a reply';
  });
  await send(run, 'updateCommentPost', [
    { updateCommentPost: { commentId, postId, content: 'Done, checked' } },
  ]);
  await send(run, 'deleteCommentReply', [{ deleteCommentReply: { commentId, postId } }]);
  await send(run, 'deleteComment', [{ deleteComment: { commentId } }]);
  const suggestion = (kind: 'insertion' | 'deletion') =>
    run.sim.state.suggest(run.documentId, { kind, startIndex: 2, endIndex: 3 });
  await send(run, 'acceptSuggestion', async () => [
    { acceptSuggestion: { suggestionId: suggestion('insertion') } },
  ]);
  await send(run, 'rejectSuggestion', async () => [
    { rejectSuggestion: { suggestionId: suggestion('deletion') } },
  ]);
  await send(run, 'deleteSuggestion', async () => [
    { deleteSuggestion: { suggestionId: suggestion('insertion') } },
  ]);
}

/** Sends, on a new document, every request type the suite's first document does not. */
export async function everyOtherRequestType(docs: Docs, step: Step, batch: Batch, sim: RunningDocsSimulator) {
  let documentId = '';
  await step('docs.documents.create (a second document)', async () => {
    const { data } = await docs.documents.create({ requestBody: { title: 'Every request type' } });
    documentId = data.documentId!;
    await batch(documentId, [
      { insertText: { location: { index: 1 }, text: 'One two three\nAfter the table\n' } },
      { insertTable: { rows: 2, columns: 2, location: { index: 14 } } },
    ]);
    return data.title!;
  });
  const run: Run = { docs, step, batch, sim, documentId };
  await tables(run);
  await chipsTabsAndImages(run);
  await segmentsAndStyles(run);
  await commentsAndSuggestions(run);
}
