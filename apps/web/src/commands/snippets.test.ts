import { describe, expect, it } from 'vitest';
import type { Connection } from '../types';
import {
  cliSnippet,
  curlSnippet,
  optionEnv,
  type SnippetConnector,
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
// The connectors' `env` as `GET /api/connectors` serves it (what each package declares).
const connectors = {
  payments: {
    auth: { type: 'apiKey' },
    env: { C_PAYMENTS_API_KEY: 'credentials.apiKey', C_PAYMENTS_BASE_URL: 'baseUrl' },
  },
  analytics: {
    auth: { type: 'basic' },
    env: {
      C_ANALYTICS_API_KEY: 'credentials.apiKey',
      C_ANALYTICS_SECRET_KEY: 'credentials.secretKey',
      C_ANALYTICS_BASE_URL: 'baseUrl',
      C_ANALYTICS_INGESTION_BASE_URL: 'ingestionBaseUrl',
    },
  },
  issues: {
    auth: {
      type: 'oauth2',
      authorizationUrl: 'https://linear.app/oauth/authorize',
      tokenUrl: 'https://api.linear.app/oauth/token',
      scopes: ['read'],
      alternatives: ['apiKey'],
    },
    env: {
      C_ISSUES_ACCESS_TOKEN: 'credentials.accessToken',
      C_ISSUES_REFRESH_TOKEN: 'credentials.refreshToken',
      C_ISSUES_API_KEY: 'credentials.apiKey',
      C_ISSUES_BASE_URL: 'baseUrl',
    },
  },
  docs: {
    auth: {
      type: 'oauth2',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      scopes: [],
    },
    env: {
      C_DOCS_ACCESS_TOKEN: 'credentials.accessToken',
      C_DOCS_BASE_URL: 'baseUrl',
      C_DOCS_FILE_API_BASE_URL: 'fileApiBaseUrl',
    },
  },
} satisfies Record<string, SnippetConnector>;

const call = {
  commandId: 'payments.getCustomers',
  connector: connectors.payments,
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
      connector: connectors.analytics,
      connection: live,
    });
    expect(text).toContain('region: "eu",');
    expect(text).toContain('baseUrl: "https://analytics.eu.amplitude.com",');
    expect(text).not.toContain('process.env.C_ANALYTICS_BASE_URL');
    expect(text).toContain('secretKey: process.env.C_ANALYTICS_SECRET_KEY!,');
  });

  it('names the variable the connector declares for any URL option of a sandbox connection', () => {
    expect(optionEnv(connectors.analytics, 'ingestionBaseUrl')).toBe('C_ANALYTICS_INGESTION_BASE_URL');
    expect(optionEnv(connectors.docs, 'fileApiBaseUrl')).toBe('C_DOCS_FILE_API_BASE_URL');
    const docs = {
      ...connection,
      connector: 'docs',
      options: { baseUrl: 'http://127.0.0.1:4001', fileApiBaseUrl: 'http://127.0.0.1:4002' },
    };
    const text = typescriptSnippet({
      ...call,
      commandId: 'docs.searchDocuments',
      connector: connectors.docs,
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
      connector: connectors.issues,
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
      connector: connectors.issues,
      connection: undefined,
    });
    expect(text).toContain('accessToken: process.env.C_ISSUES_ACCESS_TOKEN!,');
    expect(text).toContain('refreshToken: process.env.C_ISSUES_REFRESH_TOKEN!,');
    expect(text).not.toContain('C_ISSUES_API_KEY');
  });
});
