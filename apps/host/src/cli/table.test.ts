import { describe, expect, it } from 'vitest';
import { renderTable } from './table.js';

const headers = ['id', 'name', 'email', 'description'];
const rows = [
  [
    'cus_SeedAdaLovelace',
    'Ada Lovelace',
    'ada@example.com',
    'Wrote the first program for the Analytical Engine',
  ],
  ['cus_SeedAlanTuring', 'Alan Turing', 'alan@example.com', ''],
];

describe('renderTable', () => {
  it('prints every column whole when the window is wide enough', () => {
    const { text, dropped } = renderTable(headers, rows, { width: 200 });
    expect(dropped).toEqual([]);
    expect(text.split('\n')[1]).toBe(
      'cus_SeedAdaLovelace  Ada Lovelace  ada@example.com   Wrote the first program for the Analytical Engine',
    );
  });

  it('cuts the first column that does not fit and leaves out the rest, never cutting the first', () => {
    const { text, dropped } = renderTable(headers, rows, { width: 65 });
    const lines = text.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(65);
    expect(lines[1]).toBe('cus_SeedAdaLovelace  Ada Lovelace  ada@example.com   Wrote the f…');
    expect(dropped).toEqual([]);
    // Too little room for a readable description: it is left out rather than cut to a stub.
    expect(renderTable(headers, rows, { width: 60 }).dropped).toEqual(['description']);
    const narrow = renderTable(headers, rows, { width: 40 });
    expect(narrow.dropped).toEqual(['email', 'description']);
    expect(narrow.text.split('\n')[1]).toBe('cus_SeedAdaLovelace  Ada Lovelace');
    const tiny = renderTable(headers, rows, { width: 10 });
    expect(tiny.text.split('\n')[1]).toBe('cus_SeedAdaLovelace');
  });
});
