/** @vitest-environment node */
import { describe, expect, it } from 'vitest';
import type { CommandSummary } from '../types';
import { groupCommands, searchCommands } from './command-list';

function command(id: string, title: string, description: string, area?: { id: string; title: string }) {
  const [connector = '', key = ''] = id.split('.');
  return {
    id,
    connector,
    key,
    title,
    description,
    annotations: { readOnly: true, destructive: false, idempotent: true },
    toolName: id.replace('.', '_'),
    ...(area && { area }),
  } as CommandSummary;
}

const refunds = { id: 'refunds', title: 'Refunds' };
const customers = { id: 'customers', title: 'Customers' };
const commands = [
  command('payments.createCustomer', 'Create Customer', 'Creates a customer.', customers),
  command('payments.createRefund', 'Create Refund', 'Gives money back for a charge.', refunds),
  command('payments.getCustomers', 'Get Customers', 'Lists customers.', customers),
  command('docs.fetchDocument', 'Fetch Document', 'Reads a document as text.'),
];

describe('the command list', () => {
  it('groups by connector, then by area in the order the host lists them; a connector without areas lists its commands', () => {
    expect(groupCommands(commands)).toEqual([
      {
        connector: 'payments',
        areas: [
          { id: 'customers', title: 'Customers', commands: [commands[0], commands[2]] },
          { id: 'refunds', title: 'Refunds', commands: [commands[1]] },
        ],
        loose: [],
      },
      { connector: 'docs', areas: [], loose: [commands[3]] },
    ]);
  });

  it('finds a command by its title, id, area, connector or a word of its description', () => {
    const titles = { payments: 'Stripe', docs: 'Google Docs' };
    const ids = (query: string) => searchCommands(commands, query, titles).map((entry) => entry.id);
    expect(ids('refunds')).toEqual(['payments.createRefund']);
    expect(ids('money back')).toEqual(['payments.createRefund']);
    expect(ids('payments.getCustomers')).toEqual(['payments.getCustomers']);
    expect(ids('customers create')).toEqual(['payments.createCustomer']);
    expect(ids('google text')).toEqual(['docs.fetchDocument']);
    expect(ids('nothing like this')).toEqual([]);
  });
});
