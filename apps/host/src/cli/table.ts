/** Options of `renderTable`. */
export interface TableOptions {
  /** The terminal's width in characters: wider tables shrink their widest columns, then drop columns. */
  width: number;
  /** Bold headers (ANSI), when the terminal takes colour. */
  bold?: boolean;
  /** Columns (by index) to align right, such as counts and amounts. */
  right?: ReadonlySet<number>;
}

/** What a rendered table left out to fit the width. */
export interface RenderedTable {
  text: string;
  /** Headers of the columns dropped because even narrowed they did not fit. */
  dropped: string[];
}

const GAP = 2;
/** Narrowed columns keep at least this many characters (or their header's, or their widest cell's). */
const MIN_COLUMN = 10;
/** No column but the last wider than this: long text is cut with `…` rather than taking the table. */
const MAX_COLUMN = 60;

const length = (text: string) => [...text].length;

function cut(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return width <= 1 ? '…'.slice(0, width) : `${chars.slice(0, width - 1).join('')}…`;
}

function pad(text: string, width: number, right: boolean): string {
  const space = ' '.repeat(Math.max(0, width - length(text)));
  return right ? space + text : text + space;
}

/**
 * A plain table for a terminal: a header row and one line per row, columns two spaces apart, no
 * borders (as `kubectl get` or `docker ps` print). Cells are single lines already. Columns come in
 * the order given, most important first, each as wide as its widest cell; the first is never cut
 * (an id cut short is useless). The first column that does not fit whole takes the width left when
 * that is readable (cutting with `…`); the columns after it are left out, and named in `dropped`.
 */
export function renderTable(headers: string[], rows: string[][], options: TableOptions): RenderedTable {
  // The last column may take the rest of the line: only a column with others after it is capped.
  const natural = headers.map((header, column) =>
    Math.min(
      column === headers.length - 1 ? Number.POSITIVE_INFINITY : MAX_COLUMN,
      Math.max(length(header), ...rows.map((row) => length(row[column] ?? ''))),
    ),
  );
  const minimum = natural.map((width, column) =>
    column === 0 ? width : Math.min(width, Math.max(length(headers[column]!), MIN_COLUMN)),
  );
  // Whole columns first, in order of importance; the first that does not fit whole takes what is
  // left if that is a readable width, and the rest are left out. Fewer columns read better than
  // every column cut to a stub.
  const widths: number[] = [];
  let used = 0;
  for (let column = 0; column < headers.length; column += 1) {
    const gap = column > 0 ? GAP : 0;
    const left = options.width - used - gap;
    if (natural[column]! <= left || column === 0) {
      widths.push(natural[column]!);
      used += gap + natural[column]!;
      continue;
    }
    if (left >= minimum[column]!) {
      widths.push(left);
      used += gap + left;
    }
    break;
  }
  // Only when the first column alone is wider than the window: cut the others down to their minimum.
  for (let column = widths.length - 1; column > 0 && used > options.width; column -= 1) {
    const cut = Math.min(widths[column]! - minimum[column]!, used - options.width);
    widths[column]! -= cut;
    used -= cut;
  }
  const shown = widths.length;
  const line = (cells: string[], bold: boolean) => {
    const text = cells
      .slice(0, shown)
      .map((cell, column) =>
        pad(cut(cell, widths[column]!), widths[column]!, options.right?.has(column) ?? false),
      )
      .join(' '.repeat(GAP))
      .trimEnd();
    return bold ? `\u001b[1m${text}\u001b[22m` : text;
  };
  const lines = [line(headers, options.bold ?? false), ...rows.map((row) => line(row, false))];
  return { text: `${lines.join('\n')}\n`, dropped: headers.slice(shown) };
}
