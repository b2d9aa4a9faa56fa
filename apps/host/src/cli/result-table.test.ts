import { describe, expect, it } from 'vitest';
import { resultTable } from './terminal.js';

// A list result on a terminal: the list the command declares (`x-list`) is the table, not merely
// the first list-shaped field.

const funnel = {
  steps: [
    { event: 'Viewed Pricing', count: 1200, conversion: 1 },
    { event: 'Started Checkout', count: 300, conversion: 0.25 },
  ],
  data: [{ groupValue: 'all', stepCounts: [1200, 300] }],
};
const options = { width: 100, colour: false };

describe('resultTable', () => {
  it("shows the list the output schema declares: a funnel's steps rather than its groups", () => {
    const text = resultTable(funnel, options, { type: 'object', 'x-list': 'steps' })!;
    expect(text.split('\n')[0]).toMatch(/^event\s+count\s+conversion$/);
    expect(text).toContain('Started Checkout');
    expect(text).toContain('2 items.');
  });

  it('falls back to the first list it knows without a declared one, or a declared one that is absent', () => {
    expect(resultTable(funnel, options)).toContain('groupValue');
    expect(resultTable(funnel, options, { type: 'object', 'x-list': 'rows' })).toContain('groupValue');
    expect(resultTable({ rows: { nested: [{ id: 'a' }] } }, options, { 'x-list': 'rows.nested' })).toMatch(
      /^id\n/,
    );
  });
});
