import Papa from 'papaparse';

/** A parsed CSV: header row and body rows, all strings. */
export interface CsvTable {
  header: string[];
  rows: string[][];
}

/**
 * Parses CSV with Papa Parse (quotes, embedded newlines, BOM). Amplitude's chart CSV starts with
 * title lines before the real header, so the header is the first row with the most columns.
 */
export function parseCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const all = parsed.data.map((row) => row.map((cell) => cell.trim()));
  if (all.length === 0) return { header: [], rows: [] };
  const width = Math.max(...all.map((row) => row.length));
  const start = all.findIndex((row) => row.length === width);
  const [header = [], ...rows] = all.slice(start);
  return { header, rows: rows.map((row) => [...row, ...Array(width - row.length).fill('')]) };
}
