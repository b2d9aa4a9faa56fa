import {
  type BatchContext,
  camelField,
  documentOf,
  fieldList,
  masked,
  type Payload,
} from './google-docs-batch-context.js';
import { InvalidRequestError } from './google-docs-document.js';
import {
  type CellRange,
  cellsIn,
  checkCell,
  checkRange,
  columnsAt,
  deleteColumns,
  deleteRows,
  type Grid,
  gridUnits,
  insertColumn,
  insertRow,
  mergeCells,
  parseGrid,
  rowsAt,
  unmergeCells,
} from './google-docs-tables.js';

// The batchUpdate requests on a table's structure and styles (see google-docs-tables.ts).

const ROW_STYLE_FIELDS: ReadonlySet<string> = new Set(['minRowHeight', 'preventOverflow', 'tableHeader']);
const COLUMN_FIELDS: ReadonlySet<string> = new Set(['width', 'widthType']);
const CELL_STYLE_FIELDS: ReadonlySet<string> = new Set([
  'backgroundColor',
  'borderBottom',
  'borderLeft',
  'borderRight',
  'borderTop',
  'columnSpan',
  'contentAlignment',
  'paddingBottom',
  'paddingLeft',
  'paddingRight',
  'paddingTop',
  'rowSpan',
]);

/** Runs `edit` on the table a `tableStartLocation` names. */
function withTable(context: BatchContext, location: Payload | undefined, edit: (grid: Grid) => void): void {
  const place = location ?? {};
  const document = documentOf(context, place.segmentId, place.tabId);
  if (typeof place.index !== 'number') {
    throw new InvalidRequestError('The table start location must have an index.');
  }
  document.editTable(place.index, (units) => {
    const grid = parseGrid(units);
    edit(grid);
    return gridUnits(grid);
  });
}

/** A `tableCellLocation`'s table and cell. */
function atCell(
  context: BatchContext,
  payload: Payload,
  edit: (grid: Grid, row: number, column: number) => void,
) {
  const cell = payload.tableCellLocation ?? {};
  withTable(context, cell.tableStartLocation, (grid) => {
    const { row, column } = checkCell(grid, cell.rowIndex, cell.columnIndex);
    edit(grid, row, column);
  });
  return {};
}

/** A `tableRange` read against its table. */
function cellRange(grid: Grid, range: Payload): CellRange {
  const cell = range.tableCellLocation ?? {};
  return checkRange(grid, {
    row: cell.rowIndex ?? 0,
    column: cell.columnIndex ?? 0,
    rows: range.rowSpan ?? 0,
    columns: range.columnSpan ?? 0,
  });
}

function onRange(context: BatchContext, payload: Payload, edit: (grid: Grid, range: CellRange) => void) {
  const range = payload.tableRange ?? {};
  withTable(context, range.tableCellLocation?.tableStartLocation, (grid) =>
    edit(grid, cellRange(grid, range)),
  );
  return {};
}

/** A dimension in points (`PT`, or `UNIT_UNSPECIFIED` read as points). */
function points(dimension: Payload | undefined): number | undefined {
  return dimension?.magnitude === undefined ? undefined : Number(dimension.magnitude);
}

function updateColumns(context: BatchContext, payload: Payload) {
  const fields = fieldList(payload.fields, COLUMN_FIELDS, 'TableColumnProperties');
  const properties: Payload = payload.tableColumnProperties ?? {};
  const width = points(properties.width);
  if (width !== undefined && width < 5) {
    throw new InvalidRequestError('The column width must be at least 5 points.');
  }
  if (
    properties.widthType === 'FIXED_WIDTH' &&
    width === undefined &&
    (fields === '*' || !fields.includes('width'))
  ) {
    throw new InvalidRequestError('A column of FIXED_WIDTH needs a width.');
  }
  withTable(context, payload.tableStartLocation, (grid) => {
    const indices = columnsAt(grid, payload.columnIndices);
    const columns = [...((grid.table.props?.columns as Payload[] | undefined) ?? [])];
    for (const index of indices) columns[index] = masked(columns[index] ?? {}, properties, fields);
    grid.table = { ...grid.table, props: { ...grid.table.props, columns: [...columns].map((c) => c ?? {}) } };
  });
  return {};
}

function updateRows(context: BatchContext, payload: Payload) {
  const fields = fieldList(payload.fields, ROW_STYLE_FIELDS, 'TableRowStyle');
  const style: Payload = payload.tableRowStyle ?? {};
  const height = points(style.minRowHeight);
  if (height !== undefined && height < 0)
    throw new InvalidRequestError('The minimum row height cannot be negative.');
  withTable(context, payload.tableStartLocation, (grid) => {
    for (const row of rowsAt(grid, payload.rowIndices)) {
      row.mark = { ...row.mark, props: masked(row.mark.props ?? {}, style, fields) };
    }
  });
  return {};
}

function updateCells(context: BatchContext, payload: Payload) {
  const fields = fieldList(payload.fields, CELL_STYLE_FIELDS, 'TableCellStyle');
  const names = fields === '*' ? Object.keys(payload.tableCellStyle ?? {}) : fields;
  const readOnly = names
    .map((name) => camelField(name))
    .find((name) => name === 'rowSpan' || name === 'columnSpan');
  if (readOnly) throw new InvalidRequestError(`The field ${readOnly} of TableCellStyle is read-only.`);
  const { tableRange, tableStartLocation } = payload;
  if (!tableRange === !tableStartLocation) {
    throw new InvalidRequestError('Exactly one of table_range or table_start_location must be set.');
  }
  const style: Payload = payload.tableCellStyle ?? {};
  const location = tableRange ? tableRange.tableCellLocation?.tableStartLocation : tableStartLocation;
  withTable(context, location, (grid) => {
    const range = tableRange ? cellRange(grid, tableRange) : undefined;
    for (const cell of cellsIn(grid, range)) {
      cell.set({ ...cell.mark, props: masked(cell.mark.props ?? {}, style, fields) });
    }
  });
  return {};
}

function pinHeaderRows(context: BatchContext, payload: Payload) {
  const count = payload.pinnedHeaderRowsCount ?? 0;
  withTable(context, payload.tableStartLocation, (grid) => {
    if (!Number.isInteger(count) || count < 0 || count > grid.rows.length) {
      throw new InvalidRequestError(
        `The number of pinned header rows must be 0 to the table's ${grid.rows.length} rows.`,
      );
    }
    const { pinned: _old, ...rest } = grid.table.props ?? {};
    grid.table = { ...grid.table, props: count > 0 ? { ...rest, pinned: count } : rest };
  });
  return {};
}

type Handler = (context: BatchContext, payload: Payload) => Record<string, unknown>;

/** The ten table requests. */
export const TABLE_HANDLERS: Record<string, Handler> = {
  insertTableRow: (context, payload) =>
    atCell(context, payload, (grid, row, column) =>
      insertRow(grid, row, column, payload.insertBelow === true),
    ),
  insertTableColumn: (context, payload) =>
    atCell(context, payload, (grid, row, column) =>
      insertColumn(grid, row, column, payload.insertRight === true),
    ),
  deleteTableRow: (context, payload) => atCell(context, payload, deleteRows),
  deleteTableColumn: (context, payload) => atCell(context, payload, deleteColumns),
  mergeTableCells: (context, payload) => onRange(context, payload, mergeCells),
  unmergeTableCells: (context, payload) => onRange(context, payload, unmergeCells),
  updateTableColumnProperties: updateColumns,
  updateTableRowStyle: updateRows,
  updateTableCellStyle: updateCells,
  pinTableHeaderRows: pinHeaderRows,
};
