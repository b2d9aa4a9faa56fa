import Papa from 'papaparse';

/**
 * A list of records as CSV: one column per key seen in any row (first-seen order), scalars as they
 * are, nested values as JSON, so that nothing is lost and a spreadsheet opens it.
 */
export function recordsToCsv(rows: Record<string, unknown>[]): string {
  const fields: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        fields.push(key);
      }
    }
  }
  const data = rows.map((row) =>
    fields.map((key) => {
      const value = row[key];
      if (value === null || value === undefined) return '';
      return typeof value === 'object' ? JSON.stringify(value) : value;
    }),
  );
  // Papa quotes cells that need it; `escapeFormulae` stops a spreadsheet from running `=…` text.
  return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' });
}

/** A list of records as NDJSON: one JSON object per line, each exactly as the provider sent it. */
export function recordsToNdjson(rows: unknown[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : '');
}

/** A file name for a download: the command id and the time of the run, e.g. `payments.getCustomers-20261124-1048.csv`. */
export function downloadName(commandId: string, extension: string, at = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}`;
  return `${commandId}-${stamp}.${extension}`;
}

/** Saves text as a file through the browser's download. */
export function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the blob can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
