// The fault matrix: every connector, over loopback against its own simulator, runs one read and one
// write command under each fault a real provider or network produces. Each cell asserts the outcome
// (a successful retry, or the right error class with `outcomeUnknown` where a write was cut after it
// was sent), the number of attempts, what the write left in the simulator (never twice, never lost)
// and that the call ended in bounded time. The suite prints the whole matrix at the end.
import { sendEventStream } from '@c/analytics';
import { ConnectorError, NetworkError, TimeoutError } from '@c/core';
import type { RecordedCall } from '@c/core/testing';
import { getResponse, HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnyClient,
  type ConnectVariant,
  type FaultSubject,
  type Operation,
  startFaultSubjects,
} from './fault-subjects.js';
import { formatTable } from './report-table.js';

/** A generous bound that proves termination; not a speed target. */
const BOUND_MS = 20_000;
/** The caller's deadline for faults that never answer: no connector lets a caller shorten its timeouts. */
const CALLER_DEADLINE_MS = 500;

/** What a cell must end in. */
type Expected =
  | { outcome: 'ok'; attempts: number }
  | {
      outcome: 'error';
      /** The core error class, by name. */
      error: string;
      attempts: number;
      /** What the write left behind: 0 (refused before applying) or 1 (applied, answer lost). */
      effects: 0 | 1;
      status?: number;
      outcomeUnknown?: boolean;
      providerCode?: string;
    }
  /**
   * The caller's deadline fired. A read rejects as a timeout or transport failure; a write
   * that was sent must say its outcome is unknown (the caller cannot repeat it safely: the
   * idempotency key or insert_ids that would make a repeat harmless never leave the connector).
   */
  | { outcome: 'deadline'; attempts: number; effects: 0 | 1 };

/** One fault: how to set it up for an operation, and what the operation must end in. */
interface Cell {
  name: string;
  /** Only for some connectors (the OAuth refresh paths). */
  only?: (subject: FaultSubject) => boolean;
  /** Why this cell cannot run for an operation, when it cannot. */
  skip?: (subject: FaultSubject, op: Operation) => string | undefined;
  /** How the connection is made (default: working credentials). */
  variant?: ConnectVariant;
  /** The caller's AbortSignal deadline, for faults that never answer. */
  deadline?: boolean;
  /** The wait the provider asked for: the call must take at least this long. */
  minMs?: number;
  /** OAuth token endpoint calls expected (refreshes); none unless said. */
  tokenCalls?: (subject: FaultSubject) => number;
  /** Sets the fault up (a handler that holds a stream open adds its release to `afterCell`). */
  arm(subject: FaultSubject, op: Operation): void;
  expect(subject: FaultSubject, op: Operation): Expected;
}

/** A retry makes it whole when core may repeat the call; otherwise the error, and nothing applied. */
const retriedOrRefused =
  (error: string, status?: number) =>
  (_subject: FaultSubject, op: Operation): Expected =>
    op.safe
      ? { outcome: 'ok', attempts: 2 }
      : {
          outcome: 'error',
          error,
          attempts: 1,
          effects: 0,
          ...(status === undefined ? {} : { status }),
          ...(error === 'NetworkError' ? { outcomeUnknown: true } : {}),
        };

/** Applied on the provider, then the answer was lost: a safe call is repeated (and deduplicated). */
const appliedThenLost = (_subject: FaultSubject, op: Operation): Expected =>
  op.safe
    ? { outcome: 'ok', attempts: 2 }
    : {
        outcome: 'error',
        error: 'NetworkError',
        attempts: 1,
        effects: op.kind === 'write' ? 1 : 0,
        outcomeUnknown: true,
      };

const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>';

/** True when an msw request is one of the operation's calls (GraphQL ones are told apart by body). */
async function isCallOf(op: Operation, request: Request): Promise<boolean> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  let bodyJson: unknown;
  try {
    bodyJson = JSON.parse(text);
  } catch {
    bodyJson = undefined;
  }
  return op.isCall({ method: request.method, path: url.pathname, bodyJson } as RecordedCall);
}

/** Answers the operation's calls with `respond`, everything else as the simulator does. */
function onCallsOf(
  subject: FaultSubject,
  op: Operation,
  respond: (request: Request) => Promise<Response> | Response,
) {
  subject.server.use(
    http.all('*', async ({ request }) => ((await isCallOf(op, request)) ? respond(request) : undefined)),
  );
}

/** Releases what a cell's fault held open, once the cell is over. */
const afterCell: (() => void)[] = [];

/**
 * Applies the call (the simulator's real answer), sends the headers and the first half of the body,
 * then holds the rest back, as a stalled upstream does.
 */
function stalledBody(subject: FaultSubject, op: Operation): void {
  const open: ReadableStreamDefaultController<Uint8Array>[] = [];
  onCallsOf(subject, op, async (request) => {
    const real = await getResponse(subject.handlers, request);
    if (!real) throw new Error(`no simulator route for ${request.method} ${request.url}`);
    const body = new Uint8Array(await real.arrayBuffer());
    const headers = new Headers(real.headers);
    headers.delete('content-length');
    const half = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        open.push(controller);
        controller.enqueue(half);
      },
    });
    return new Response(stream, { status: real.status, headers });
  });
  afterCell.push(() => {
    for (const controller of open) {
      try {
        controller.close();
      } catch {
        // Already closed when the server dropped the socket.
      }
    }
  });
}

const cells: Cell[] = [
  {
    name: '429 + Retry-After: 1',
    minMs: 1000,
    arm: (s, op) => s.server.fault(s.rateLimited(op, 1)),
    expect: () => ({ outcome: 'ok', attempts: 2 }),
  },
  {
    name: '429 (no Retry-After)',
    arm: (s, op) => s.server.fault(s.rateLimited(op)),
    expect: () => ({ outcome: 'ok', attempts: 2 }),
  },
  ...([500, 502, 503, 504] as const).map(
    (status): Cell => ({
      name: `${status}`,
      arm: (s, op) => s.server.fault(s.serverError(op, status)),
      expect: retriedOrRefused('ProviderError', status),
    }),
  ),
  {
    name: '503 on every attempt',
    skip: (s, op) =>
      s.id === 'analytics' && op.kind === 'write'
        ? 'ingestion backs off up to 5 times from 1 s (15-31 s) and Send Events cannot shorten it; covered below through sendEventStream'
        : undefined,
    arm: (s, op) => s.server.fault({ ...s.serverError(op, 503), times: 100 }),
    expect: (_s, op) =>
      op.safe
        ? { outcome: 'error', error: 'ProviderError', status: 503, attempts: 3, effects: 0 }
        : { outcome: 'error', error: 'ProviderError', status: 503, attempts: 1, effects: 0 },
  },
  {
    name: 'reset before any byte',
    arm: (s, op) => s.server.fault({ type: 'reset-before-response', match: op.isCall }),
    expect: retriedOrRefused('NetworkError'),
  },
  {
    name: 'reset after apply',
    arm: (s, op) => s.server.fault({ type: 'reset-after-handler', match: op.isCall }),
    expect: appliedThenLost,
  },
  {
    name: 'reset mid-body',
    arm: (s, op) => s.server.fault({ type: 'reset-mid-body', match: op.isCall }),
    expect: appliedThenLost,
  },
  {
    name: 'no answer (stall)',
    deadline: true,
    arm: (s, op) => s.server.fault({ type: 'stall', match: op.isCall }),
    expect: () => ({ outcome: 'deadline', attempts: 1, effects: 0 }),
  },
  {
    name: 'stalled body',
    deadline: true,
    arm: stalledBody,
    expect: (_s, op) => ({ outcome: 'deadline', attempts: 1, effects: op.kind === 'write' ? 1 : 0 }),
  },
  {
    name: 'malformed JSON (200)',
    arm: (s, op) =>
      onCallsOf(
        s,
        op,
        () =>
          new HttpResponse('{"data":[{"id":', {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    expect: () => ({
      outcome: 'error',
      error: 'ProviderError',
      attempts: 1,
      effects: 0,
      providerCode: 'invalid_json',
    }),
  },
  {
    name: 'HTML error page (503)',
    arm: (s, op) =>
      s.server.fault({
        type: 'status',
        status: 503,
        headers: { 'content-type': 'text/html' },
        body: HTML_PAGE,
        match: op.isCall,
      }),
    expect: retriedOrRefused('ProviderError', 503),
  },
  {
    // An API key the provider no longer accepts cannot be renewed; an OAuth token is refreshed once.
    name: 'expired token (401)',
    tokenCalls: (s) => (s.oauth ? 1 : 0),
    arm: (s, op) => s.server.fault(s.unauthorized(op)),
    expect: (s) =>
      s.oauth
        ? { outcome: 'ok', attempts: 2 }
        : { outcome: 'error', error: 'AuthError', attempts: 1, effects: 0 },
  },
  {
    name: 'token expired before the call',
    only: (s) => s.oauth,
    variant: 'expired',
    tokenCalls: () => 1,
    arm: () => {},
    expect: () => ({ outcome: 'ok', attempts: 1 }),
  },
  {
    name: 'refresh refused (grant revoked)',
    only: (s) => s.oauth,
    variant: 'revoked',
    tokenCalls: () => 1,
    arm: () => {},
    expect: () => ({ outcome: 'error', error: 'AuthError', attempts: 0, effects: 0 }),
  },
];

/**
 * Cells where core or a connector does not do what it should yet. Each runs as `it.fails`: it turns
 * red once fixed, and then leaves this list.
 */
const KNOWN_GAPS: Record<string, string> = {};

interface Row {
  connector: string;
  command: string;
  fault: string;
  outcome: string;
  attempts: string;
  ms: string;
  effects: string;
  verdict: string;
}
const rows: Row[] = [];
/** Cells not run, and why. */
const notes: string[] = [];

function classOf(error: unknown): string {
  if (ConnectorError.isInstance(error)) {
    const unknown = (error as { outcomeUnknown?: boolean }).outcomeUnknown ? ', outcomeUnknown' : '';
    const status = error.status === undefined ? '' : ` ${error.status}`;
    const code = error.providerCode === 'invalid_json' ? ' invalid_json' : '';
    return `${error.name}${status}${code}${unknown}`;
  }
  return `unexpected ${(error as Error)?.name ?? typeof error}`;
}

async function runCell(subject: FaultSubject, op: Operation, cell: Cell, row: Row): Promise<void> {
  const { server } = subject;
  const tag = `matrix ${subject.id} ${op.kind} ${cell.name}`;
  server.reset();
  server.clearFaults();
  server.resetHandlers();
  const client: AnyClient = subject.connect(cell.variant ?? 'valid');
  cell.arm(subject, op);
  const started = performance.now();
  let result: unknown;
  let error: unknown;
  try {
    result = await client.runUnknown(
      op.command,
      op.input(tag),
      cell.deadline ? { timeoutMs: CALLER_DEADLINE_MS } : {},
    );
  } catch (caught) {
    error = caught;
  }
  const ms = Math.round(performance.now() - started);
  for (const release of afterCell.splice(0)) release();
  server.clearFaults();
  server.resetHandlers();
  await client.close();
  const attempts = server.calls.filter(op.isCall).length;
  const tokenCalls = server.calls.filter((call) => /\/(oauth\/)?token$/.test(call.path)).length;
  const violations = [...server.violations];
  const effects = op.effects(tag);
  const expected = cell.expect(subject, op);
  const outcome = error === undefined ? 'ok' : classOf(error);
  Object.assign(row, {
    outcome,
    attempts: String(attempts),
    ms: String(ms),
    effects: op.kind === 'write' ? `${effects}/${op.expectedEffects}` : '-',
  });

  expect(violations, 'requests the provider would refuse').toEqual([]);
  expect(ms, 'bounded total time').toBeLessThan(BOUND_MS);
  if (cell.minMs !== undefined) expect(ms, 'waited as asked').toBeGreaterThanOrEqual(cell.minMs - 50);
  expect(tokenCalls, 'token refreshes').toBe(cell.tokenCalls?.(subject) ?? 0);
  expect(attempts, 'attempts').toBe(expected.attempts);
  if (expected.outcome === 'ok') {
    expect(error, `expected success, got ${outcome}`).toBeUndefined();
    if (op.command === 'sendEvents') {
      const sent = result as { ingested: number; rejected: unknown[] };
      expect(sent.ingested).toBe(op.expectedEffects);
      expect(sent.rejected).toEqual([]);
    }
    // Exactly once: no duplicate write, no lost event.
    expect(effects, 'effects of the write').toBe(op.expectedEffects);
    return;
  }
  if (expected.outcome === 'deadline' && error === undefined && op.command === 'sendEvents') {
    // Send Events accounts for every event instead of throwing: past the deadline, the events of
    // the unanswered batch are reported as rejected, each with the reason that delivery is unconfirmed.
    const report = result as { ingested: number; rejected: { index: number; reason: string }[] };
    expect(report.ingested).toBe(0);
    expect(report.rejected.length).toBeGreaterThan(0);
    for (const entry of report.rejected) expect(entry.reason).toMatch(/confirm|unknown|time/i);
    expect(effects, 'effects of the write: never duplicated').toBeLessThanOrEqual(op.expectedEffects);
    return;
  }
  expect(error, 'expected a failure').toBeDefined();
  const found = error as ConnectorError & { outcomeUnknown?: boolean };
  if (expected.outcome === 'deadline') {
    if (op.kind === 'read') {
      // Core reports a caller's deadline as its reason or, when a zero backoff lets a retry start
      // first, as the NetworkError of that retry: either way the read ended at the deadline.
      const ended = TimeoutError.isInstance(error) || NetworkError.isInstance(error);
      expect(ended, `expected the deadline, got ${outcome}`).toBe(true);
    } else {
      expect(
        ConnectorError.isInstance(error) && found.outcomeUnknown,
        `expected outcomeUnknown, got ${outcome}`,
      ).toBe(true);
    }
    expect(effects, 'effects of the write').toBe(op.kind === 'write' ? expected.effects : 0);
    return;
  }
  expect(ConnectorError.isInstance(error), `expected a core error, got ${outcome}`).toBe(true);
  expect(found.name).toBe(expected.error);
  if (expected.status !== undefined) expect(found.status).toBe(expected.status);
  if (expected.providerCode !== undefined) expect(found.providerCode).toBe(expected.providerCode);
  if (expected.outcomeUnknown !== undefined) {
    expect(found.outcomeUnknown).toBe(expected.outcomeUnknown);
    expect(found.message).toMatch(/outcome is unknown/);
  }
  if (cell.name.startsWith('HTML')) expect(found.message).not.toMatch(/<html|<!doctype|nginx/i);
  expect(effects, 'effects of the write').toBe(op.kind === 'write' ? expected.effects : 0);
}

let subjects: FaultSubject[] = [];
beforeAll(async () => {
  subjects = await startFaultSubjects();
});
afterAll(async () => {
  await Promise.all(subjects.map((subject) => subject.close()));
  console.log(
    formatTable(
      'Fault matrix: outcome, attempts (calls of the command the simulator received), ms, effects of the write (found / expected)',
      ['connector', 'command', 'fault', 'outcome', 'attempts', 'ms', 'effects', 'verdict'],
      rows.map((row) => [
        row.connector,
        row.command,
        row.fault,
        row.outcome,
        row.attempts,
        row.ms,
        row.effects,
        row.verdict,
      ]),
    ),
  );
  const gaps = [...new Set(Object.values(KNOWN_GAPS))].map(
    (why) =>
      `known gap (${Object.keys(KNOWN_GAPS)
        .filter((cell) => KNOWN_GAPS[cell] === why)
        .join('; ')}): ${why}`,
  );
  console.log([...gaps, ...notes].join('\n'));
});

describe.each(['payments', 'analytics', 'issues', 'docs'])('%s', (id) => {
  const subject = () => subjects.find((candidate) => candidate.id === id)!;
  for (const kind of ['read', 'write'] as const) {
    for (const cell of cells) {
      const name = `${kind}: ${cell.name}`;
      const gap = KNOWN_GAPS[`${id} ${name}`];
      const test = gap ? it.fails : it;
      test(gap ? `${name} (known gap, printed below the matrix)` : name, async (context) => {
        const s = subject();
        const op = s[kind];
        if (cell.only && !cell.only(s)) {
          context.skip();
          return;
        }
        const row: Row = {
          connector: id,
          command: op.command,
          fault: cell.name,
          outcome: '',
          attempts: '',
          ms: '',
          effects: '',
          verdict: '',
        };
        rows.push(row);
        const skipped = cell.skip?.(s, op);
        if (skipped) {
          notes.push(`${id} ${name}: not run: ${skipped}`);
          Object.assign(row, { outcome: 'not run', verdict: 'skipped (below)' });
          context.skip();
          return;
        }
        try {
          await runCell(s, op, cell, row);
          row.verdict = 'as expected';
        } catch (failure) {
          row.verdict = gap ? 'KNOWN GAP (below)' : 'NOT AS EXPECTED';
          throw failure;
        }
      });
    }
  }
});

describe('analytics: Send Events when every retry fails', () => {
  it('accounts for every event as rejected, sends none twice, and stops in bounded time', async () => {
    const s = subjects.find((candidate) => candidate.id === 'analytics')!;
    s.server.reset();
    s.server.fault({ ...s.serverError(s.write, 503), times: 100 });
    const client = s.connect();
    const tag = 'matrix analytics exhausted';
    const { events } = s.write.input(tag) as { events: unknown[] };
    const started = performance.now();
    // The library entry point of the same ingestion code, with the backoff shortened (the command cannot).
    const result = await sendEventStream(client as never, events, {
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
    });
    const ms = Math.round(performance.now() - started);
    s.server.clearFaults();
    await client.close();
    const attempts = s.server.calls.filter(s.write.isCall).length;
    rows.push({
      connector: 'analytics',
      command: 'sendEventStream',
      fault: '503 on every attempt',
      outcome: `ingested ${result.ingested}, rejected ${result.rejected.length}`,
      attempts: String(attempts),
      ms: String(ms),
      effects: `${s.write.effects(tag)}/0`,
      verdict: 'as expected',
    });
    expect(result.ingested + result.rejected.length).toBe(events.length);
    expect(result.rejected.map((entry) => entry.index)).toEqual([0, 1, 2]);
    expect(result.rejected[0]?.reason).toMatch(/not confirmed/);
    expect(attempts).toBe(6);
    expect(s.write.effects(tag)).toBe(0);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
