import { emptyCellParagraph, InvalidRequestError, structureUnit, type Unit } from './google-docs-document.js';

// Table structure, as the Docs discovery document (v1, 2026-09-21) describes its requests:
// - `insertTableRow`/`insertTableColumn` add an empty row (column) above or below (left or right of)
//   the reference cell, or of the whole merged cell it is part of; a merged cell the new row or
//   column passes through grows by one.
// - `deleteTableRow`/`deleteTableColumn` remove every row (column) the reference cell spans; "If no
//   rows remain in the table after this deletion, the whole table is deleted".
// - `mergeTableCells`: "Any text in the cells being merged will be concatenated and stored in the
//   head cell" (the upper-left one); "If the range is non-rectangular (…) a 400 bad request error is
//   returned". `unmergeTableCells` leaves the text in the head cell; no merged cell: nothing done.
// - `updateTableColumnProperties`: a width under 5 points is a 400; `updateTableRowStyle`,
//   `updateTableCellStyle` (`rowSpan`/`columnSpan` are read-only); `pinTableHeaderRows`.
// The head of a merged block shows its `rowSpan`/`columnSpan`; the cells it covers stay in their rows
// with spans of 0 (as Apps Script's TableCell reports merged-away cells) and an empty paragraph.
// Google's exact wording for these refusals was not found in public sources; the messages follow
// the discovery document's descriptions.

/** A cell: its start unit (its `props` are its `TableCellStyle`) and its content units. */
export interface Cell {
  mark: Unit;
  content: Unit[];
}

export interface Row {
  mark: Unit;
  cells: Cell[];
}

/** A table's units as rows of cells. */
export interface Grid {
  table: Unit;
  rows: Row[];
  end: Unit;
}

/** A merged block: its head cell's place and spans, and the head's content. */
interface Region {
  row: number;
  column: number;
  rows: number;
  columns: number;
  content: Unit[];
}

/** A zero-based cell position and the size of a range from it. */
export interface CellRange {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** Parses a table's units (from its start to its end) into rows of cells; nested tables stay content. */
export function parseGrid(units: Unit[]): Grid {
  const rows: Row[] = [];
  let depth = 0;
  for (const unit of units.slice(1, -1)) {
    if (depth === 0 && unit.mark === 'row') rows.push({ mark: unit, cells: [] });
    else if (depth === 0 && unit.mark === 'cell') rows.at(-1)!.cells.push({ mark: unit, content: [] });
    else {
      if (unit.mark === 'table') depth += 1;
      else if (unit.mark === 'tableEnd') depth -= 1;
      rows.at(-1)!.cells.at(-1)!.content.push(unit);
    }
  }
  return { table: units[0]!, rows, end: units.at(-1)! };
}

/** The units of a grid; no rows or no columns left: none (the table is gone). */
export function gridUnits(grid: Grid): Unit[] {
  if (grid.rows.length === 0 || grid.rows[0]!.cells.length === 0) return [];
  return [
    grid.table,
    ...grid.rows.flatMap((row) => [row.mark, ...row.cells.flatMap((cell) => [cell.mark, ...cell.content])]),
    grid.end,
  ];
}

function columnCount(grid: Grid): number {
  return grid.rows[0]?.cells.length ?? 0;
}

function withoutSpans(props: Record<string, unknown> | undefined): Record<string, unknown> {
  const { rowSpan: _rows, columnSpan: _columns, ...rest } = props ?? {};
  return rest;
}

function regionsOf(grid: Grid): Region[] {
  return grid.rows.flatMap((row, r) =>
    row.cells.flatMap((cell, c) => {
      const rows = Number(cell.mark.props?.rowSpan ?? 1);
      const columns = Number(cell.mark.props?.columnSpan ?? 1);
      return rows > 1 || columns > 1 ? [{ row: r, column: c, rows, columns, content: cell.content }] : [];
    }),
  );
}

/** Sets the spans of every merged block again (heads, covered cells), after rows or columns moved. */
function applyRegions(grid: Grid, regions: readonly Region[]): void {
  for (const row of grid.rows) {
    for (const cell of row.cells) {
      if (cell.mark.props?.rowSpan !== undefined || cell.mark.props?.columnSpan !== undefined) {
        cell.mark = { ...cell.mark, props: withoutSpans(cell.mark.props) };
      }
    }
  }
  for (const region of regions) {
    if (region.rows * region.columns <= 1) continue;
    for (let r = region.row; r < region.row + region.rows; r += 1) {
      for (let c = region.column; c < region.column + region.columns; c += 1) {
        const cell = grid.rows[r]!.cells[c]!;
        const head = r === region.row && c === region.column;
        const spans = head
          ? { rowSpan: region.rows, columnSpan: region.columns }
          : { rowSpan: 0, columnSpan: 0 };
        cell.mark = { ...cell.mark, props: { ...withoutSpans(cell.mark.props), ...spans } };
        if (head) cell.content = region.content;
      }
    }
  }
}

/** The merged block a cell is part of, or the cell alone. */
function blockAt(grid: Grid, row: number, column: number): CellRange {
  const found = regionsOf(grid).find(
    (region) =>
      row >= region.row &&
      row < region.row + region.rows &&
      column >= region.column &&
      column < region.column + region.columns,
  );
  return found ?? { row, column, rows: 1, columns: 1 };
}

/** Checks a cell location against the table's size. */
export function checkCell(grid: Grid, row: unknown, column: unknown): { row: number; column: number } {
  const r = Number(row ?? 0);
  const c = Number(column ?? 0);
  if (!Number.isInteger(r) || r < 0 || r >= grid.rows.length) {
    throw new InvalidRequestError(
      `The table cell location is invalid: row index ${String(row)} is outside the table's ${grid.rows.length} rows.`,
    );
  }
  if (!Number.isInteger(c) || c < 0 || c >= columnCount(grid)) {
    throw new InvalidRequestError(
      `The table cell location is invalid: column index ${String(column)} is outside the table's ${columnCount(grid)} columns.`,
    );
  }
  return { row: r, column: c };
}

function newCell(): Cell {
  return { mark: structureUnit('cell'), content: [emptyCellParagraph()] };
}

/** Inserts an empty row above or below the block of the cell at (row, column). */
export function insertRow(grid: Grid, row: number, column: number, below: boolean): void {
  const block = blockAt(grid, row, column);
  const at = below ? block.row + block.rows : block.row;
  const regions = regionsOf(grid).map((region) => {
    if (region.row >= at) return { ...region, row: region.row + 1 };
    if (region.row + region.rows > at) return { ...region, rows: region.rows + 1 };
    return region;
  });
  const cells = Array.from({ length: columnCount(grid) }, newCell);
  grid.rows.splice(at, 0, { mark: structureUnit('row'), cells });
  applyRegions(grid, regions);
}

/** Inserts an empty column left or right of the block of the cell at (row, column). */
export function insertColumn(grid: Grid, row: number, column: number, right: boolean): void {
  if (columnCount(grid) >= 20) throw new InvalidRequestError('The table cannot have more than 20 columns.');
  const block = blockAt(grid, row, column);
  const at = right ? block.column + block.columns : block.column;
  const regions = regionsOf(grid).map((region) => {
    if (region.column >= at) return { ...region, column: region.column + 1 };
    if (region.column + region.columns > at) return { ...region, columns: region.columns + 1 };
    return region;
  });
  for (const line of grid.rows) line.cells.splice(at, 0, newCell());
  const columns = [...((grid.table.props?.columns as unknown[]) ?? [])];
  if (columns.length > at) columns.splice(at, 0, {});
  grid.table = { ...grid.table, props: { ...grid.table.props, columns } };
  applyRegions(grid, regions);
}

/** A region's rows (or columns) after some are removed: the survivors, renumbered, or none. */
function shrink(start: number, size: number, removed: ReadonlySet<number>): [number, number] | undefined {
  const kept = Array.from({ length: size }, (_, k) => start + k).filter((index) => !removed.has(index));
  if (kept.length === 0) return undefined;
  const before = (index: number) => [...removed].filter((gone) => gone < index).length;
  return [kept[0]! - before(kept[0]!), kept.length];
}

/** Deletes every row the block of the cell at (row, column) spans. */
export function deleteRows(grid: Grid, row: number, column: number): void {
  const block = blockAt(grid, row, column);
  const removed = new Set(Array.from({ length: block.rows }, (_, k) => block.row + k));
  const regions = regionsOf(grid).flatMap((region) => {
    const kept = shrink(region.row, region.rows, removed);
    return kept ? [{ ...region, row: kept[0], rows: kept[1] }] : [];
  });
  grid.rows = grid.rows.filter((_, index) => !removed.has(index));
  applyRegions(grid, regions);
}

/** Deletes every column the block of the cell at (row, column) spans. */
export function deleteColumns(grid: Grid, row: number, column: number): void {
  const block = blockAt(grid, row, column);
  const removed = new Set(Array.from({ length: block.columns }, (_, k) => block.column + k));
  const regions = regionsOf(grid).flatMap((region) => {
    const kept = shrink(region.column, region.columns, removed);
    return kept ? [{ ...region, column: kept[0], columns: kept[1] }] : [];
  });
  for (const line of grid.rows) line.cells = line.cells.filter((_, index) => !removed.has(index));
  const columns = ((grid.table.props?.columns as unknown[]) ?? []).filter((_, index) => !removed.has(index));
  grid.table = { ...grid.table, props: { ...grid.table.props, columns } };
  applyRegions(grid, regions);
}

/** Checks a table range against the table: its spans at least 1 and inside the table. */
export function checkRange(grid: Grid, range: CellRange): CellRange {
  const start = checkCell(grid, range.row, range.column);
  if (
    !Number.isInteger(range.rows) ||
    !Number.isInteger(range.columns) ||
    range.rows < 1 ||
    range.columns < 1
  ) {
    throw new InvalidRequestError('The table range must span at least one row and one column.');
  }
  if (start.row + range.rows > grid.rows.length || start.column + range.columns > columnCount(grid)) {
    throw new InvalidRequestError('The table range is outside the table.');
  }
  return { ...start, rows: range.rows, columns: range.columns };
}

const inside = (outer: CellRange, inner: CellRange) =>
  inner.row >= outer.row &&
  inner.column >= outer.column &&
  inner.row + inner.rows <= outer.row + outer.rows &&
  inner.column + inner.columns <= outer.column + outer.columns;

const overlaps = (a: CellRange, b: CellRange) =>
  a.row < b.row + b.rows &&
  b.row < a.row + a.rows &&
  a.column < b.column + b.columns &&
  b.column < a.column + a.columns;

/** A cell's content is empty when it is the one empty paragraph of a new cell. */
function isEmpty(content: readonly Unit[]): boolean {
  return content.length === 1 && content[0]!.c === '\n';
}

/** Merges a rectangular range into its head cell, its cells' text concatenated there. */
export function mergeCells(grid: Grid, range: CellRange): void {
  const regions = regionsOf(grid);
  if (regions.some((region) => overlaps(region, range) && !inside(range, region))) {
    throw new InvalidRequestError('The table range is non-rectangular: it cuts through merged cells.');
  }
  if (range.rows * range.columns === 1) return;
  const contents: Unit[][] = [];
  for (let r = range.row; r < range.row + range.rows; r += 1) {
    for (let c = range.column; c < range.column + range.columns; c += 1) {
      const cell = grid.rows[r]!.cells[c]!;
      if (Number(cell.mark.props?.rowSpan ?? 1) !== 0 && !isEmpty(cell.content)) contents.push(cell.content);
      cell.content = [emptyCellParagraph()];
    }
  }
  const head = grid.rows[range.row]!.cells[range.column]!;
  const content = contents.length > 0 ? contents.flat() : head.content;
  applyRegions(grid, [...regions.filter((region) => !inside(range, region)), { ...range, content }]);
}

/** Unmerges every merged block the range overlaps; their text stays in the head cell. */
export function unmergeCells(grid: Grid, range: CellRange): void {
  applyRegions(
    grid,
    regionsOf(grid).filter((region) => !overlaps(region, range)),
  );
}

/** The cells of a range (or of the whole table), to style. */
export function cellsIn(
  grid: Grid,
  range: CellRange | undefined,
): { mark: Unit; set: (mark: Unit) => void }[] {
  const area = range ?? { row: 0, column: 0, rows: grid.rows.length, columns: columnCount(grid) };
  return grid.rows.slice(area.row, area.row + area.rows).flatMap((row) =>
    row.cells.slice(area.column, area.column + area.columns).map((cell) => ({
      mark: cell.mark,
      set: (mark: Unit) => {
        cell.mark = mark;
      },
    })),
  );
}

/** The rows with these indexes (all when none are given); an index outside the table is refused. */
export function rowsAt(grid: Grid, indices: readonly number[] | undefined): Row[] {
  const wanted = indices?.length ? indices : grid.rows.map((_, index) => index);
  return wanted.map((index) => {
    const row = grid.rows[index];
    if (!row) {
      throw new InvalidRequestError(
        `The row index ${index} is outside the table's ${grid.rows.length} rows.`,
      );
    }
    return row;
  });
}

/** Checks column indexes (all when none are given); returns them. */
export function columnsAt(grid: Grid, indices: readonly number[] | undefined): number[] {
  const count = columnCount(grid);
  const wanted = indices?.length ? [...indices] : Array.from({ length: count }, (_, index) => index);
  const bad = wanted.find((index) => !Number.isInteger(index) || index < 0 || index >= count);
  if (bad !== undefined) {
    throw new InvalidRequestError(`The column index ${bad} is outside the table's ${count} columns.`);
  }
  return wanted;
}

/** The number of columns of a grid (for column properties). */
export { columnCount };
