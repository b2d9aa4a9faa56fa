// The secret audit: every command of every connector, against its simulator with distinctive
// credentials, on its success path and its failure paths (bad input, 401, 403, 404, 429, 500, a
// network reset, OAuth refresh and refused refresh), with provider error bodies that echo the
// credentials back. Everything produced is scanned for any credential, plain, URL-encoded or base64:
// results, error messages, stacks, `toJSON()`, `util.inspect` of errors, causes and clients, and
// everything written to stdout, stderr or the console.
import { inspect } from 'node:util';
import { ConnectorError, type OAuthTokens } from '@c/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_SECRETS,
  type AuditConnection,
  type AuditSubject,
  echoCredentials,
  startAuditSubjects,
} from './audit-subjects.js';
import { formatTable } from './report-table.js';
import { captureOutput, SecretScanner } from './secret-scan.js';

/** How one scenario fails (or not), and how its input is made. */
interface Scenario {
  name: string;
  /** OAuth connections only. */
  oauthOnly?: boolean;
  /** Connect with an access token that has already expired (a refresh comes first). */
  expired?: boolean;
  /** A caller's deadline, for faults that back off for long. */
  deadlineMs?: number;
  arm?(subject: AuditSubject): void;
  /** The provider's answers echo the credentials back. */
  echoes?: boolean;
  /** The input, from a working one, the schema's parameter names and the connection's credentials. */
  input?(valid: unknown, schemaKeys: string[], credentials: string): unknown;
}

const statusScenario = (status: number, headers: Record<string, string> = {}): Scenario => ({
  name: `${status}`,
  echoes: true,
  arm: (subject) => echoCredentials(subject, status, { headers }),
});

const scenarios: Scenario[] = [
  {
    // Every parameter of the wrong type, holding the credentials, and an unknown one too.
    name: 'bad input',
    input: (_valid, keys, credentials) => ({
      ...Object.fromEntries(keys.map((key) => [key, { value: credentials }])),
      auditUnknownParameter: credentials,
    }),
  },
  statusScenario(401),
  statusScenario(403),
  statusScenario(404),
  // Retry-After: 0 lets the retries run at once, so the final error comes quickly.
  statusScenario(429, { 'retry-after': '0' }),
  statusScenario(500, { 'retry-after': '0' }),
  {
    name: 'network reset',
    deadlineMs: 5000,
    arm: (subject) =>
      subject.server.fault({ type: 'reset-before-response', match: subject.isApiCall, times: 10_000 }),
  },
  { name: 'token refreshed', oauthOnly: true, expired: true },
  {
    name: 'refresh refused',
    oauthOnly: true,
    expired: true,
    echoes: true,
    arm: (subject) =>
      echoCredentials(subject, 400, {
        match: (call) => !subject.isApiCall(call),
        body: (echo) => ({ error: 'invalid_grant', error_description: `Refresh token ${echo} was revoked` }),
      }),
  },
  { name: 'success' },
];

const scanner = new SecretScanner();
const summary: (string | number)[][] = [];
let subjects: AuditSubject[] = [];
let output: ReturnType<typeof captureOutput>;

function addSecrets(subject: AuditSubject): void {
  for (const [name, value] of Object.entries(AUDIT_SECRETS)) scanner.add(name, value);
  for (const value of subject.issuedSecrets()) scanner.add(`${subject.id} token`, value);
}

/** Records every view of an error a program or person might see. */
function recordError(where: string, error: unknown): string {
  if (!ConnectorError.isInstance(error)) {
    scanner.record(`${where} (thrown)`, inspect(error, { depth: 8 }));
    scanner.record(`${where} (String)`, String(error));
    return `non-core ${(error as Error)?.name}`;
  }
  scanner.record(`${where} message`, error.message);
  scanner.record(`${where} stack`, error.stack);
  scanner.record(`${where} toJSON`, JSON.stringify(error));
  scanner.record(`${where} inspect`, inspect(error, { depth: 8, showHidden: true }));
  scanner.record(`${where} String`, String(error));
  scanner.record(
    `${where} cause`,
    `${String(error.cause)} ${inspect(error.cause, { depth: 8, showHidden: true })}`,
  );
  scanner.record(`${where} details`, JSON.stringify(error.details));
  return error.kind;
}

async function runScenario(
  subject: AuditSubject,
  connection: AuditConnection,
  scenario: Scenario,
): Promise<void> {
  subject.server.reset();
  subject.server.clearFaults();
  subject.server.resetHandlers();
  scenario.arm?.(subject);
  const tokens: OAuthTokens[] = [];
  const client = connection.connect((next) => void tokens.push(next), scenario.expired);
  const credentials = Object.values(connection.credentials())
    .filter((v) => typeof v === 'string')
    .join(' ');
  const kinds = new Map<string, number>();
  let ok = 0;
  let redacted = 0;
  await Promise.all(
    subject.connector.list.map(async (command) => {
      const where = `${subject.id} (${connection.label}) ${scenario.name} ${command.key}`;
      const valid = subject.inputs[command.key];
      const keys = Object.keys((command.inputSchema as { properties?: object }).properties ?? {});
      const input = scenario.input ? scenario.input(valid, keys, credentials) : valid;
      const signal = scenario.deadlineMs ? AbortSignal.timeout(scenario.deadlineMs) : undefined;
      try {
        const result = await client.runUnknown(command.key, input, { signal });
        ok += 1;
        scanner.record(`${where} result`, `${JSON.stringify(result)} ${inspect(result, { depth: 8 })}`);
      } catch (error) {
        const kind = recordError(where, error);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        if (JSON.stringify(error).includes('[REDACTED]')) redacted += 1;
      }
    }),
  );
  scanner.record(
    `${subject.id} (${connection.label}) client`,
    inspect(client, { depth: 8, showHidden: true }),
  );
  for (const next of tokens) {
    scanner.add(`${subject.id} rotated token`, next.accessToken);
    scanner.add(`${subject.id} rotated token`, next.refreshToken);
  }
  subject.server.clearFaults();
  subject.server.resetHandlers();
  await client.close();
  expect(subject.server.violations).toEqual([]);
  // The echoed credentials did reach the errors, and were redacted there: the scan is not vacuous.
  if (scenario.echoes) expect(redacted, 'errors that carried an echoed credential').toBeGreaterThan(0);
  summary.push([
    subject.id,
    connection.label,
    scenario.name,
    subject.connector.list.length,
    ok,
    [...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ') || '-',
    redacted,
  ]);
}

beforeAll(async () => {
  output = captureOutput();
  subjects = await startAuditSubjects();
});
afterAll(async () => {
  output.restore();
  await Promise.all(subjects.map((subject) => subject.close()));
  console.log(
    formatTable(
      `Secret audit: every command per scenario (${scanner.texts.length} texts scanned for ${scanner.size} credentials in all their forms)`,
      ['connector', 'connection', 'scenario', 'runs', 'ok', 'errors by kind', 'echo redacted'],
      summary,
    ),
  );
});

describe('the scanner', () => {
  it('finds a credential plain, URL-encoded, in base64 at any offset (a Basic header) and in base64url', () => {
    const probe = new SecretScanner();
    const secret = 'sk_test_Probe+/Secret=Value42';
    probe.add('probe', secret);
    const texts = [
      `key ${secret}.`,
      `key=${encodeURIComponent(secret)}&`,
      `Basic ${Buffer.from(`user:${secret}`).toString('base64')}`,
      `Basic ${Buffer.from(`us:${secret}`).toString('base64')}`,
      `Basic ${Buffer.from(`u:${secret}`).toString('base64')}`,
      Buffer.from(`x${secret}y`).toString('base64url'),
    ];
    texts.forEach((text, index) => {
      probe.record(`text ${index}`, text);
    });
    probe.record('clean', 'sk_test_Probe…e42 [REDACTED]');
    expect(probe.leaks().map((leak) => leak.where)).toEqual(texts.map((_, index) => `text ${index}`));
  });
});

describe.each(['payments', 'analytics', 'issues', 'docs'])('%s', (id) => {
  const subject = () => subjects.find((candidate) => candidate.id === id)!;

  it('refuses credentials of the wrong shape without echoing them', () => {
    const s = subject();
    const from = scanner.texts.length;
    addSecrets(s);
    for (const connection of s.connections) {
      const wrapped = Object.fromEntries(
        Object.entries(connection.credentials()).map(([key, value]) => [key, { value }]),
      );
      let error: unknown;
      try {
        connection.connector.connect({ credentials: wrapped, ...connection.options } as never);
      } catch (caught) {
        error = caught;
      }
      expect(ConnectorError.isInstance(error) && error.kind).toBe('validation');
      recordError(`${id} (${connection.label}) connect`, error);
    }
    expect(scanner.leaks(from)).toEqual([]);
  });

  for (const scenario of scenarios) {
    it(`${scenario.name}: no credential in any result, error or inspection`, async (context) => {
      const s = subject();
      const connections = s.connections.filter((c) => !scenario.oauthOnly || c.label === 'oauth');
      if (connections.length === 0) {
        context.skip();
        return;
      }
      const from = scanner.texts.length;
      for (const connection of connections) await runScenario(s, connection, scenario);
      addSecrets(s);
      expect(scanner.leaks(from)).toEqual([]);
    });
  }
});

describe('console', () => {
  it('nothing written to stdout, stderr or the console holds a credential', () => {
    const from = scanner.texts.length;
    scanner.record('stdout/stderr/console', output.text());
    for (const subject of subjects) addSecrets(subject);
    expect(scanner.leaks(from)).toEqual([]);
  });
});
