/**
 * Amplitude's chart CSV, read into rows. The CSV that `/api/3/chart/{id}/csv` returns is what the
 * chart's "Download CSV" gives: a title line, then blocks separated by blank lines (the metric,
 * sometimes a description of the filters), and last the data table, whose first row names the
 * columns. Text fields carry a leading tab (Amplitude's guard against spreadsheet formulas), lines
 * end in CRLF, and quoted fields may hold commas, quotes and line breaks.
 */

/** A chart's CSV as rows: the table's column names, one object per row, and the lines above it. */
export interface ChartTable {
  /** The chart's title (the first line), when the CSV has lines above its table. */
  title?: string;
  /** Lines between the title and the table (metric, filters), each as its fields joined by a space. */
  notes: string[];
  /** Names of the table's columns, in order; a blank or repeated name is made unique. */
  columns: string[];
  /** One object per table row, keyed by column; numbers are numbers, an absent cell is null. */
  rows: Record<string, string | number | null>[];
}

/**
 * Splits CSV text into records of fields (RFC 4180: quoted fields with `""` for a quote, commas and
 * line breaks inside quotes; CRLF, LF or CR line ends). A blank line is a record of one empty field.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  for (; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else field += char;
  }
  // A last line without a line end still holds a record; a trailing line end adds none.
  if (field !== '' || record.length > 0 || quoted) endRecord();
  return records;
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** A number written with thousands separators, as spreadsheet-bound CSV often has it: `1,204.5`. */
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

/** A cell as Amplitude meant it: its guard tab removed, and a number when it is one. */
function cellValue(raw: string): string | number {
  const text = raw.replace(/^\t/, '');
  if (NUMBER.test(text)) return Number(text);
  return GROUPED.test(text) ? Number(text.replaceAll(',', '')) : text;
}

const isBlank = (record: string[]) => record.every((field) => field.replace(/^\t/, '').trim() === '');

/** Reads Amplitude's chart CSV into a table: the last block is the data, what precedes it notes. */
export function parseChartCsv(text: string): ChartTable {
  const blocks: string[][][] = [[]];
  for (const record of parseCsv(text)) {
    if (isBlank(record)) {
      if (blocks.at(-1)!.length > 0) blocks.push([]);
    } else blocks.at(-1)!.push(record);
  }
  const filled = blocks.filter((block) => block.length > 0);
  const table = filled.pop() ?? [];
  const above = filled.flat().map((record) =>
    record
      .map((field) => field.replace(/^\t/, '').trim())
      .filter((field) => field !== '')
      .join(' '),
  );
  const [header = [], ...body] = table;
  const width = Math.max(header.length, ...body.map((record) => record.length));
  const columns: string[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < width; i += 1) {
    const name = (header[i] ?? '').replace(/^\t/, '').trim() || `column ${i + 1}`;
    let unique = name;
    for (let n = 2; taken.has(unique); n += 1) unique = `${name} (${n})`;
    taken.add(unique);
    columns.push(unique);
  }
  const rows = body.map((record) =>
    Object.fromEntries(
      columns.map((column, i) => [column, record[i] === undefined ? null : cellValue(record[i]!)]),
    ),
  );
  const [title, ...notes] = above;
  return { ...(title === undefined ? {} : { title }), notes, columns, rows };
}
