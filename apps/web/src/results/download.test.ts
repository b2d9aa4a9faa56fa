import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { downloadName, recordsToCsv, recordsToNdjson } from './download';

const rows = [
  { id: 'cus_1', name: 'Ada, Countess', created: 1795344471, metadata: { tier: 'gold' } },
  { id: 'cus_2', note: '=HYPERLINK("http://evil")', balance: -5 },
];

describe('list downloads', () => {
  it('writes every column of every row as CSV, nested values as JSON', () => {
    const csv = recordsToCsv(rows);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['id', 'name', 'created', 'metadata', 'note', 'balance']);
    expect(parsed[1]).toEqual(['cus_1', 'Ada, Countess', '1795344471', '{"tier":"gold"}', '', '']);
    // A spreadsheet must not run text from a provider as a formula; a negative number stays a number.
    expect(parsed[2]).toEqual(['cus_2', '', '', '', `'=HYPERLINK("http://evil")`, '-5']);
  });

  it('writes NDJSON, one row per line as sent', () => {
    const text = recordsToNdjson(rows);
    expect(text.endsWith('\n')).toBe(true);
    expect(
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(rows);
    expect(recordsToNdjson([])).toBe('');
  });

  it('names the file after the command and the time', () => {
    expect(downloadName('analytics.exportData', 'ndjson', new Date(2026, 10, 24, 9, 5))).toBe(
      'analytics.exportData-20261124-0905.ndjson',
    );
  });
});
