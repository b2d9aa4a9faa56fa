import { describe, expect, it } from 'vitest';
import { checkToolsets } from './toolsets.js';

const keys = ['createRefund', 'getRefund', 'createCustomer'];

describe('checkToolsets', () => {
  it('accepts areas that cover every command, with a core set', () => {
    expect(() =>
      checkToolsets(
        'payments',
        {
          core: { title: 'Core', description: 'Most used.', commands: ['createCustomer'] },
          refunds: { title: 'Refunds', description: 'Money back.', commands: ['createRefund', 'getRefund'] },
          customers: { title: 'Customers', description: 'People who pay.', commands: ['createCustomer'] },
        },
        keys,
      ),
    ).not.toThrow();
  });

  it('names a command that is in no area besides core', () => {
    expect(() =>
      checkToolsets(
        'payments',
        {
          core: { title: 'Core', description: 'Most used.', commands: ['createCustomer'] },
          refunds: { title: 'Refunds', description: 'Money back.', commands: ['createRefund', 'getRefund'] },
        },
        keys,
      ),
    ).toThrow('commands in no toolset: createCustomer');
  });

  it('names an unknown command and a badly formed name', () => {
    expect(() =>
      checkToolsets(
        'payments',
        { refunds: { title: 'R', description: 'R.', commands: ['refundAll'] } },
        keys,
      ),
    ).toThrow('unknown command "refundAll"');
    expect(() =>
      checkToolsets('payments', { Refunds: { title: 'R', description: 'R.', commands: keys } }, keys),
    ).toThrow('lowercase');
  });
});
