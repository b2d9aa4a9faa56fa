/** @vitest-environment node */
import { describe, expect, it } from 'vitest';
import { workspaceConnectors } from '../test/workspace-connectors';
import type { Connection } from '../types';
import {
  cliSnippet,
  curlSnippet,
  optionEnv,
  type SnippetConnector,
  sandboxExports,
  shellQuote,
  typescriptSnippet,
} from './snippets';

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
// The connectors' auth and `env` as `GET /api/connectors` serves them (the host's summary copies
// both from each package's connector), read from the workspace: a variable a connector declares is
// expected without being listed here.
const summaries = (await workspaceConnectors()).map((connector) => ({
  id: connector.id,
  auth: connector.auth,
  env: { ...connector.env },
}));
const connectors = Object.fromEntries(summaries.map((summary) => [summary.id, summary])) as Record<
  string,
  SnippetConnector
>;
const declared = (id: string): SnippetConnector => {
  const connector = connectors[id];
  if (!connector) throw new Error(`no connector ${id} in the registry`);
  return connector;
};

/** The variables a snippet reads, in the order it reads them. */
const readVars = (text: string) => [...text.matchAll(/process\.env\.(\w+)/g)].map((match) => match[1]);

const call = {
  commandId: 'payments.getCustomers',
  connector: declared('payments'),
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
    const [comment, command] = cliSnippet(call).split('\n');
    expect(comment).toMatch(/^# From the root of the repository checkout/);
    expect(command).toBe(
      `./c-host run payments.getCustomers --connection sandbox-payments --input '{"email":"o'\\''neil@example.com","limit":10}'`,
    );
    expect(cliSnippet({ ...call, connection: undefined, input: {} }).split('\n')[1]).toBe(
      `./c-host run payments.getCustomers --input '{}'`,
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
    expect(text.split('\n')[0]).toMatch(/^\/\/ Run from the repository checkout/);
    expect(text).toContain(`import { payments } from '@c/payments';`);
    expect(text).toContain('apiKey: process.env.C_PAYMENTS_API_KEY!,');
    // The sandbox's port is temporary: its address comes from the environment, never the page.
    expect(text).toContain('baseUrl: process.env.C_PAYMENTS_BASE_URL,');
    expect(text).toContain("set C_PAYMENTS_BASE_URL to the sandbox's address");
    expect(text).not.toContain('12111');
    expect(text).toContain(
      `await client.run("getCustomers", {\n  "email": "o'neil@example.com",\n  "limit": 10\n});`,
    );
    expect(text).not.toContain('4242');
  });

  it("writes the sandbox's own values to set first when the host lists them, as `c-host sandbox env` would", () => {
    const sandbox = {
      connector: 'payments',
      connection: 'sandbox-payments',
      baseUrl: 'http://127.0.0.1:12111',
      env: { C_PAYMENTS_API_KEY: 'sk_test_sandboxKey123', C_PAYMENTS_BASE_URL: 'http://127.0.0.1:12111' },
    };
    const text = typescriptSnippet({ ...call, sandbox });
    expect(text).toContain('//   export C_PAYMENTS_API_KEY=sk_test_sandboxKey123');
    expect(text).toContain('//   export C_PAYMENTS_BASE_URL=http://127.0.0.1:12111');
    expect(text).toContain('eval "$(./c-host sandbox env)"');
    // The program itself still reads them from the environment, as the README's example does.
    expect(text).toContain('apiKey: process.env.C_PAYMENTS_API_KEY!,');
    expect(text).toContain('baseUrl: process.env.C_PAYMENTS_BASE_URL,');
    expect(sandboxExports({ running: true, simulators: [sandbox] })).toBe(
      '# payments (connection sandbox-payments)\nexport C_PAYMENTS_API_KEY=sk_test_sandboxKey123\nexport C_PAYMENTS_BASE_URL=http://127.0.0.1:12111\n',
    );
    // A real connection never gets the sandbox's values.
    expect(
      typescriptSnippet({ ...call, connection: { ...connection, sandbox: false }, sandbox }),
    ).not.toContain('sk_test_sandboxKey123');
  });

  it('writes a real connection’s options as they are', () => {
    const live = {
      ...connection,
      name: 'eu-analytics',
      connector: 'analytics',
      sandbox: false,
      credentialHints: { apiKey: '…abcd', secretKey: '…wxyz' },
      options: { region: 'eu', baseUrl: 'https://analytics.eu.amplitude.com' },
    };
    const text = typescriptSnippet({
      ...call,
      commandId: 'analytics.eventSegmentation',
      connector: declared('analytics'),
      connection: live,
    });
    expect(text).toContain('region: "eu",');
    expect(text).toContain('baseUrl: "https://analytics.eu.amplitude.com",');
    expect(text).not.toContain('process.env.C_ANALYTICS_BASE_URL');
    expect(text).toContain('secretKey: process.env.C_ANALYTICS_SECRET_KEY!,');
  });

  it('names the variable the connector declares for any URL option of a sandbox connection', () => {
    expect(optionEnv(declared('analytics'), 'ingestionBaseUrl')).toBe('C_ANALYTICS_INGESTION_BASE_URL');
    expect(optionEnv(declared('docs'), 'fileApiBaseUrl')).toBe('C_DOCS_FILE_API_BASE_URL');
    const docs = {
      ...connection,
      connector: 'docs',
      options: { baseUrl: 'http://127.0.0.1:4001', fileApiBaseUrl: 'http://127.0.0.1:4002' },
    };
    const text = typescriptSnippet({
      ...call,
      commandId: 'docs.searchDocuments',
      connector: declared('docs'),
      connection: docs,
    });
    expect(text).toContain('fileApiBaseUrl: process.env.C_DOCS_FILE_API_BASE_URL,');
    expect(text).not.toMatch(/127\.0\.0\.1/);
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
      connector: declared('issues'),
      input: { name: 'eng' },
      connection: issues,
    });
    expect(text).toContain('apiKey: process.env.C_ISSUES_API_KEY!,');
    expect(text).not.toContain('accessToken');
    expect(text).not.toContain('baseUrl');
  });

  it('reads OAuth tokens, not the alternative personal key, when no connection is chosen', () => {
    const text = typescriptSnippet({
      ...call,
      commandId: 'issues.searchTeams',
      connector: declared('issues'),
      connection: undefined,
    });
    expect(text).toContain('accessToken: process.env.C_ISSUES_ACCESS_TOKEN!,');
    expect(text).toContain('refreshToken: process.env.C_ISSUES_REFRESH_TOKEN!,');
    expect(text).not.toContain('C_ISSUES_API_KEY');
  });
});

describe('call snippets for every connector the host serves', () => {
  it('lists the connectors with their declared variables', () => {
    expect(summaries.length).toBeGreaterThanOrEqual(4);
    for (const summary of summaries) expect(Object.keys(summary.env), summary.id).not.toHaveLength(0);
  });

  for (const summary of summaries) {
    const env = Object.entries(summary.env);
    const credentials = env.filter(([, target]) => target.startsWith('credentials.'));
    const options = env.filter(([, target]) => !target.startsWith('credentials.'));
    const alternatives = summary.auth.type === 'oauth2' ? (summary.auth.alternatives ?? []) : [];
    const snippet = (connection: Connection | undefined) =>
      typescriptSnippet({ ...call, commandId: `${summary.id}.anyCommand`, connector: summary, connection });

    it(`${summary.id}: with no connection, reads every credential variable but the alternatives to OAuth`, () => {
      const expected = credentials
        .filter(([, target]) => !alternatives.includes(target.slice('credentials.'.length)))
        .map(([variable]) => variable);
      expect(expected).not.toHaveLength(0);
      expect(readVars(snippet(undefined)).sort()).toEqual(expected.sort());
    });

    it(`${summary.id}: on a sandbox connection, reads its credentials and every local address from the declared variables`, () => {
      // The connection holds every credential and sets every option: the addresses to the sandbox's
      // ports, the others (a region, an API version) to plain values that are written out.
      const isAddress = (target: string) => /url$/i.test(target);
      const sandbox: Connection = {
        ...connection,
        connector: summary.id,
        credentialHints: Object.fromEntries(
          credentials.map(([, target]) => [target.slice('credentials.'.length), '…0000']),
        ),
        options: Object.fromEntries(
          options.map(([, target], index) => [
            target,
            isAddress(target) ? `http://127.0.0.1:${4100 + index}` : 'plain',
          ]),
        ),
      };
      const text = snippet(sandbox);
      const expected = env.filter(([, target]) => target.startsWith('credentials.') || isAddress(target));
      expect(readVars(text).sort()).toEqual(expected.map(([variable]) => variable).sort());
      expect(text).not.toMatch(/127\.0\.0\.1/);
      for (const [, target] of options.filter(([, target]) => !isAddress(target)))
        expect(text).toContain(`${target}: "plain",`);
    });
  }
});
