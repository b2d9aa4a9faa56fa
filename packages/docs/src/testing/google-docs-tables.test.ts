import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from './google-simulator.js';
import { batchEditing, connectDocs } from './google-test-helpers.js';

// Table structure and styles through the package's own batchUpdate command (updateDocumentContent),
// read back as documents.get shows them.

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

const { edit, refusal, read } = batchEditing(t);
const tableOf = (documentId: string) => read(documentId).body.content.find((e: any) => e.table);
/** The text of each cell, row by row. */
const cells = (documentId: string): string[][] =>
  tableOf(documentId).table.tableRows.map((row: any) =>
    row.tableCells.map((cell: any) =>
      cell.content.flatMap((p: any) => p.paragraph.elements.map((e: any) => e.textRun.content)).join(''),
    ),
  );

/** "Hello" then a 2 × 2 table holding a, b / c, d; returns the id and the table's start index. */
async function withTable(): Promise<{ id: string; start: number }> {
  const id = t.sim.state.createDocument({ title: 'Table', paragraphs: [{ text: 'Hello' }] }).id;
  await edit(id, [{ insertTable: { rows: 2, columns: 2, endOfSegmentLocation: {} } }]);
  const start = tableOf(id).startIndex as number;
  // Each empty cell's paragraph is at its start + 1; fill from the last so indexes hold.
  const starts = tableOf(id).table.tableRows.flatMap((row: any) =>
    row.tableCells.map((c: any) => c.startIndex),
  );
  const texts = ['a', 'b', 'c', 'd'];
  await edit(
    id,
    starts
      .map((cellStart: number, k: number) => ({
        insertText: { location: { index: cellStart + 1 }, text: texts[k] },
      }))
      .reverse(),
  );
  return { id, start };
}

const at = (start: number, rowIndex: number, columnIndex: number) => ({
  tableStartLocation: { index: start },
  rowIndex,
  columnIndex,
});

describe('table structure', () => {
  it('insertTableRow adds an empty row below or above, and every later index moves by its size', async () => {
    const { id, start } = await withTable();
    const before = read(id).body.content.at(-1).startIndex as number;
    await edit(id, [{ insertTableRow: { tableCellLocation: at(start, 0, 1), insertBelow: true } }]);
    expect(cells(id)).toEqual([
      ['a\n', 'b\n'],
      ['\n', '\n'],
      ['c\n', 'd\n'],
    ]);
    // A row start, and per cell its start and its paragraph: 1 + 2 × 2.
    expect(read(id).body.content.at(-1).startIndex).toBe(before + 5);
    await edit(id, [{ insertTableRow: { tableCellLocation: at(start, 0, 0) } }]);
    expect(cells(id)[0]).toEqual(['\n', '\n']);
    expect(tableOf(id).table.rows).toBe(4);
  });

  it('insertTableColumn adds a column left or right, with its column properties', async () => {
    const { id, start } = await withTable();
    await edit(id, [{ insertTableColumn: { tableCellLocation: at(start, 1, 0), insertRight: true } }]);
    expect(cells(id)).toEqual([
      ['a\n', '\n', 'b\n'],
      ['c\n', '\n', 'd\n'],
    ]);
    expect(tableOf(id).table.columns).toBe(3);
    expect(tableOf(id).table.tableStyle.tableColumnProperties).toHaveLength(3);
  });

  it('deleteTableRow and deleteTableColumn remove what the cell spans; the last one takes the table', async () => {
    const { id, start } = await withTable();
    await edit(id, [{ deleteTableRow: { tableCellLocation: at(start, 0, 0) } }]);
    expect(cells(id)).toEqual([['c\n', 'd\n']]);
    await edit(id, [{ deleteTableColumn: { tableCellLocation: at(start, 0, 1) } }]);
    expect(cells(id)).toEqual([['c\n']]);
    await edit(id, [{ deleteTableRow: { tableCellLocation: at(start, 0, 0) } }]);
    expect(tableOf(id)).toBeUndefined();
    expect(read(id).body.content.map((e: any) => e.paragraph?.elements[0].textRun.content)).toEqual([
      undefined,
      'Hello\n',
      '\n',
    ]);
  });

  it('mergeTableCells joins the text in the head cell; unmergeTableCells keeps it there', async () => {
    const { id, start } = await withTable();
    const tableRange = { tableCellLocation: at(start, 0, 0), rowSpan: 1, columnSpan: 2 };
    await edit(id, [{ mergeTableCells: { tableRange } }]);
    expect(cells(id)).toEqual([
      ['a\nb\n', '\n'],
      ['c\n', 'd\n'],
    ]);
    const [head, covered] = tableOf(id).table.tableRows[0].tableCells;
    expect(head.tableCellStyle).toMatchObject({ rowSpan: 1, columnSpan: 2 });
    expect(covered.tableCellStyle).toMatchObject({ rowSpan: 0, columnSpan: 0 });
    // A range that cuts through the merged cell is not rectangular.
    expect(
      await refusal(id, [
        {
          mergeTableCells: { tableRange: { tableCellLocation: at(start, 0, 1), rowSpan: 2, columnSpan: 1 } },
        },
      ]),
    ).toBe(
      '400 Invalid requests[0].mergeTableCells: The table range is non-rectangular: it cuts through merged cells.',
    );
    // A row inserted below the merged cell's reference, and one through a vertical merge.
    await edit(id, [{ unmergeTableCells: { tableRange } }]);
    expect(cells(id)[0]).toEqual(['a\nb\n', '\n']);
    expect(tableOf(id).table.tableRows[0].tableCells[1].tableCellStyle).toMatchObject({ columnSpan: 1 });
  });

  it('a merged cell grows with a row inserted through it, and shrinks when one of its rows goes', async () => {
    const { id, start } = await withTable();
    await edit(id, [
      { mergeTableCells: { tableRange: { tableCellLocation: at(start, 0, 0), rowSpan: 2, columnSpan: 1 } } },
    ]);
    await edit(id, [{ insertTableRow: { tableCellLocation: at(start, 0, 1), insertBelow: true } }]);
    const styles = () =>
      tableOf(id).table.tableRows.map((row: any) => row.tableCells[0].tableCellStyle.rowSpan as number);
    expect(styles()).toEqual([3, 0, 0]);
    await edit(id, [{ deleteTableRow: { tableCellLocation: at(start, 2, 1) } }]);
    expect(styles()).toEqual([2, 0]);
    expect(cells(id)[0]![0]).toBe('a\nc\n');
  });
});

describe('table styles', () => {
  it('updateTableColumnProperties, updateTableRowStyle and updateTableCellStyle set what their masks name', async () => {
    const { id, start } = await withTable();
    const width = { magnitude: 120, unit: 'PT' };
    await edit(id, [
      {
        updateTableColumnProperties: {
          tableStartLocation: { index: start },
          columnIndices: [1],
          tableColumnProperties: { widthType: 'FIXED_WIDTH', width },
          fields: 'widthType,width',
        },
      },
      {
        updateTableRowStyle: {
          tableStartLocation: { index: start },
          rowIndices: [0],
          tableRowStyle: { minRowHeight: { magnitude: 30, unit: 'PT' } },
          fields: 'min_row_height',
        },
      },
      {
        updateTableCellStyle: {
          tableRange: { tableCellLocation: at(start, 1, 0), rowSpan: 1, columnSpan: 2 },
          tableCellStyle: {
            backgroundColor: { color: { rgbColor: { red: 1 } } },
            contentAlignment: 'MIDDLE',
          },
          fields: 'backgroundColor,contentAlignment',
        },
      },
    ]);
    const table = tableOf(id).table;
    expect(table.tableStyle.tableColumnProperties).toEqual([
      { widthType: 'EVENLY_DISTRIBUTED' },
      { widthType: 'FIXED_WIDTH', width },
    ]);
    expect(table.tableRows[0].tableRowStyle.minRowHeight).toEqual({ magnitude: 30, unit: 'PT' });
    expect(table.tableRows[1].tableRowStyle.minRowHeight).toEqual({ unit: 'PT' });
    expect(table.tableRows[1].tableCells[1].tableCellStyle).toMatchObject({
      backgroundColor: { color: { rgbColor: { red: 1 } } },
      contentAlignment: 'MIDDLE',
    });
    expect(table.tableRows[0].tableCells[0].tableCellStyle.contentAlignment).toBe('TOP');
  });

  it('refuses a narrow column, a read-only span, a bad table start and a cell outside the table, applying nothing', async () => {
    const { id, start } = await withTable();
    const revision = read(id).revisionId;
    expect(
      await refusal(id, [
        {
          updateTableColumnProperties: {
            tableStartLocation: { index: start },
            tableColumnProperties: { width: { magnitude: 3, unit: 'PT' } },
            fields: 'width',
          },
        },
      ]),
    ).toBe(
      '400 Invalid requests[0].updateTableColumnProperties: The column width must be at least 5 points.',
    );
    expect(
      await refusal(id, [
        {
          updateTableCellStyle: {
            tableStartLocation: { index: start },
            tableCellStyle: {},
            fields: 'rowSpan',
          },
        },
      ]),
    ).toMatch(/read-only/);
    expect(await refusal(id, [{ insertTableRow: { tableCellLocation: at(start + 1, 0, 0) } }])).toMatch(
      /^400 .*table start location is invalid/,
    );
    expect(await refusal(id, [{ deleteTableColumn: { tableCellLocation: at(start, 0, 2) } }])).toMatch(
      /column index 2 is outside the table's 2 columns/,
    );
    expect(read(id).revisionId).toBe(revision);
  });

  it('pinTableHeaderRows marks the first rows as header rows; more rows than the table has is a 400', async () => {
    const { id, start } = await withTable();
    await edit(id, [
      { pinTableHeaderRows: { tableStartLocation: { index: start }, pinnedHeaderRowsCount: 1 } },
    ]);
    const rows = () => tableOf(id).table.tableRows.map((row: any) => row.tableRowStyle.tableHeader === true);
    expect(rows()).toEqual([true, false]);
    await edit(id, [
      { pinTableHeaderRows: { tableStartLocation: { index: start }, pinnedHeaderRowsCount: 0 } },
    ]);
    expect(rows()).toEqual([false, false]);
    expect(
      await refusal(id, [
        { pinTableHeaderRows: { tableStartLocation: { index: start }, pinnedHeaderRowsCount: 3 } },
      ]),
    ).toMatch(/must be 0 to the table's 2 rows/);
  });
});
