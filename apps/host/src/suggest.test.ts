import { describe, expect, it } from 'vitest';
import { closestNames, didYouMean } from './suggest.js';

const ids = [
  'payments.getCustomers',
  'payments.getCustomerById',
  'payments.createCustomer',
  'issues.deleteIssue',
  'issues.deleteProject',
  'docs.searchDocuments',
];

describe('closestNames', () => {
  it('finds a typo, a letter-case slip, a swapped pair and a key without its connector', () => {
    expect(closestNames('payments.getCustomer', ids)).toEqual(['payments.getCustomers']);
    expect(closestNames('issues.deleteissue', ids)).toEqual(['issues.deleteIssue']);
    expect(closestNames('issues.deelteIssue', ids)).toEqual(['issues.deleteIssue']);
    expect(closestNames('searchDocuments', ids)).toEqual(['docs.searchDocuments']);
    expect(closestNames('sandbox-payment', ['sandbox-payments', 'sandbox-docs', 'shop'])).toEqual([
      'sandbox-payments',
    ]);
  });

  it('suggests nothing for a name that is not close to any', () => {
    expect(closestNames('refund', ids)).toEqual([]);
    expect(closestNames('x', ['shop'])).toEqual([]);
  });

  it('words the suggestion for a message', () => {
    expect(didYouMean([])).toBe('');
    expect(didYouMean(['a'])).toBe(' Did you mean "a"?');
    expect(didYouMean(['a', 'b', 'c'])).toBe(' Did you mean "a", "b" or "c"?');
  });
});
