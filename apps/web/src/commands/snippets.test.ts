import { describe, expect, it } from 'vitest';
import type { Connection } from '../types';
import { cliSnippet, curlSnippet, shellQuote, typescriptSnippet } from './snippets';

const connection: Connection = {
  name: 'sandbox-payments',
  connector: 'payments',
  isDefault: true,
  sandbox: true,
  status: 'ok',
  credentialHints: { apiKey: 'sk_test_…4242' },
  options: { baseUrl: 'http://127.0.0.1:12111' },
  createdAt: '',
  updatedAt: '',
};
const call = {
  commandId: 'payments.getCustomers',
  input: { email: "o'neil@example.com", limit: 10 },
  connection,
  origin: 'http://127.0.0.1:8787',
};

describe('call snippets', () => {
  it('quotes for a POSIX shell', () => {
    expect(shellQuote('plain-name_1.2')).toBe('plain-name_1.2');
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it('writes the CLI command with the connection and the input as JSON', () => {
    expect(cliSnippet(call)).toBe(
      `c-host run payments.getCustomers --connection sandbox-payments --input '{"email":"o'\\''neil@example.com","limit":10}'`,
    );
    expect(cliSnippet({ ...call, connection: undefined, input: {} })).toBe(
      `c-host run payments.getCustomers --input '{}'`,
    );
  });

  it('writes a curl call to the host API with the token from the environment', () => {
    const text = curlSnippet(call);
    expect(text).toContain(`-X POST http://127.0.0.1:8787/api/commands/payments.getCustomers/run`);
    expect(text).toContain('-H "Authorization: Bearer $C_HOST_TOKEN"');
    expect(text).toContain(`"connection":"sandbox-payments","input":{"email":`);
  });

  it('writes TypeScript with the package, credentials from the environment and the connection options', () => {
    const text = typescriptSnippet(call);
    expect(text).toContain(`import { payments } from '@c/payments';`);
    expect(text).toContain('apiKey: process.env.C_PAYMENTS_API_KEY!,');
    expect(text).toContain('baseUrl: "http://127.0.0.1:12111",');
    expect(text).toContain(
      `await client.run("getCustomers", {\n  "email": "o'neil@example.com",\n  "limit": 10\n});`,
    );
    expect(text).not.toContain('4242');
  });

  it('uses the personal API key variable for an issues connection made with one', () => {
    const issues = {
      ...connection,
      connector: 'issues',
      credentialHints: { apiKey: 'lin_api_…1234' },
      options: {},
    };
    const text = typescriptSnippet({
      ...call,
      commandId: 'issues.searchTeams',
      input: { name: 'eng' },
      connection: issues,
    });
    expect(text).toContain('apiKey: process.env.C_ISSUES_API_KEY!,');
    expect(text).not.toContain('baseUrl');
  });
});
