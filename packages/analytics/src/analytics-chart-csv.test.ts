import { describe, expect, it } from 'vitest';
import { parseChartCsv, parseCsv } from './analytics-chart-csv.js';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and every line end', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n"two\r\nlines",x\ny\rz')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\r\nlines', 'x'],
      ['y'],
      ['z'],
    ]);
  });

  it('keeps empty fields and blank lines, drops a byte-order mark, and adds no record for a final line end', () => {
    expect(parseCsv('\ufeff"",a,\r\n\r\nb\r\n')).toEqual([['', 'a', ''], [''], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });
});

describe('parseChartCsv', () => {
  it('reads Amplitude’s layout: title, metric and filter blocks above the table, guard tabs removed', () => {
    const csv = [
      '"\tPlay Song, by country"',
      '',
      '"\tUniques"',
      '',
      '"\tWhere: platform is ""iOS"""',
      '',
      '"\tSegment","\t2026-03-01","\t2026-03-02"',
      '"\tUnited States","\t12","\t15"',
      '"\tMultiline\nName","3","4.5"',
    ].join('\r\n');
    expect(parseChartCsv(csv)).toEqual({
      title: 'Play Song, by country',
      notes: ['Uniques', 'Where: platform is "iOS"'],
      columns: ['Segment', '2026-03-01', '2026-03-02'],
      rows: [
        { Segment: 'United States', '2026-03-01': 12, '2026-03-02': 15 },
        { Segment: 'Multiline\nName', '2026-03-01': 3, '2026-03-02': 4.5 },
      ],
    });
  });

  it('reads a plain CSV table, naming blank and repeated columns and filling short rows with null', () => {
    expect(parseChartCsv('"",a,a\nx,1\ny,2,3,4\n')).toEqual({
      notes: [],
      columns: ['column 1', 'a', 'a (2)', 'column 4'],
      rows: [
        { 'column 1': 'x', a: 1, 'a (2)': null, 'column 4': null },
        { 'column 1': 'y', a: 2, 'a (2)': 3, 'column 4': 4 },
      ],
    });
  });

  it('reads numbers, thousands separators included, and keeps text that only looks partly numeric as text', () => {
    const table = parseChartCsv('k,v\nrate,12.5%\nid,007x\nneg,-3\nexp,1e3\ngrouped,"1,204.5"\nlist,"1,2"\n');
    expect(table.rows.map((row) => row.v)).toEqual(['12.5%', '007x', -3, 1000, 1204.5, '1,2']);
  });

  it('gives an empty table for an empty CSV', () => {
    expect(parseChartCsv('')).toEqual({ notes: [], columns: [], rows: [] });
  });
});
