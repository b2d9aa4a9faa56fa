import { z } from 'zod';
import {
  connectionField,
  ErrorJson,
  inputField,
  requestSchemas,
  responseSchemas,
  timestamp,
  uuid,
} from './schemas-base.js';

// ---------------------------------------------------------------------------------------------
// Async runs
// ---------------------------------------------------------------------------------------------

/** The body of `POST /api/runs`. */
export const StartRunRequest = z
  .strictObject({
    command: z.string().min(1).meta({
      title: 'Command',
      description: 'The command id (`<connector>.<key>`), as GET /api/commands lists it.',
    }),
    connection: connectionField.optional(),
    input: inputField.optional(),
    idempotencyKey: z.string().optional().meta({
      title: 'Idempotency key',
      description:
        'Write commands only, as for POST /api/commands/{id}/run. A keyed write whose host dies mid-run is taken up again by another; an unkeyed one ends failed with outcomeUnknown.',
    }),
  })
  .register(requestSchemas, { id: 'StartRunRequest' });

/**
 * The state of an async run: `canceling` while its worker stops after a cancel; `succeeded`,
 * `failed` and `canceled` are ends.
 */
export const RunStatus = z.enum(['queued', 'running', 'canceling', 'succeeded', 'failed', 'canceled']);

/** What `POST /api/runs` answers (202; Location names the run). */
export const RunAccepted = z.object({ id: uuid(), status: z.literal('queued') });

/** What a command reported about its progress (`Progress` of `@c/core`). */
export const RunProgress = z.object({
  message: z.string().optional(),
  current: z.number().optional(),
  total: z.number().optional(),
});

/** An async run as `GET /api/runs/{id}` shows it. */
export const RunView = z
  .object({
    id: uuid(),
    command: z.string(),
    connection: z
      .string()
      .meta({ description: 'The connection the run uses, resolved when it was accepted.' }),
    status: RunStatus,
    progress: RunProgress.nullable().meta({
      description: 'The latest progress the command reported, or null.',
    }),
    result: z.unknown().meta({
      description: "The command's result once succeeded (as the run route answers it), else null.",
    }),
    error: ErrorJson.nullable().meta({
      description:
        'The error once failed, or canceled while a write was running (outcomeUnknown: true when a write may have been applied), else null.',
    }),
    createdAt: timestamp(),
    startedAt: timestamp().nullable(),
    finishedAt: timestamp().nullable(),
  })
  .register(responseSchemas, { id: 'Run' });

/** One event of `GET /api/runs/{id}/events` (its SSE event name is `type`; `data` is the rest). */
export const RunEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), id: z.string(), status: RunStatus }),
  z.object({ type: z.literal('progress'), id: z.string(), progress: RunProgress }),
  z.object({
    type: z.literal('end'),
    id: z.string(),
    status: z.enum(['succeeded', 'failed', 'canceled']),
    error: ErrorJson.nullable(),
  }),
]);

/** A path parameter naming a run. */
export const RunParams = z.object({ id: z.string().min(1).max(100) });

/** `GET /api/runs/{id}/result` */
export const RunResultQuery = z.strictObject({
  format: z.enum(['json', 'ndjson']).optional().meta({ description: 'JSON (default) or NDJSON.' }),
  download: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .meta({ description: 'Answer as a file to save (Content-Disposition: attachment).' }),
});

// Types: what the host sends (responses) and what a client may send (requests).
export type StartRunRequest = z.input<typeof StartRunRequest>;
export type RunStatus = z.output<typeof RunStatus>;
export type RunAccepted = z.output<typeof RunAccepted>;
export type RunProgress = z.output<typeof RunProgress>;
export type RunView = z.output<typeof RunView>;
export type RunEvent = z.output<typeof RunEvent>;

// ---------------------------------------------------------------------------------------------
// Run history
// ---------------------------------------------------------------------------------------------

/** `GET /api/runs` */
export const RunHistoryQuery = z.strictObject({
  command: z
    .string()
    .optional()
    .meta({ description: 'Only runs of this command id (payments.listCustomers).' }),
  connection: z.string().optional().meta({ description: 'Only runs on this connection.' }),
  surface: z.enum(['web', 'cli', 'mcp', 'http', 'async']).optional().meta({
    description:
      'Only runs from here: web (the UI), cli, mcp, http (the API with the token), async (a background run).',
  }),
  status: z
    .enum(['succeeded', 'failed', 'queued', 'running', 'canceling'])
    .optional()
    .meta({ description: 'Only runs in this state.' }),
  limit: z.string().optional().meta({ description: 'At most this many runs (1 to 200, default 30).' }),
  cursor: z.string().optional().meta({ description: 'The nextCursor of the previous page.' }),
});

/** One run of the history: any surface's, with no input or result. */
export const HistoryRun = z
  .object({
    id: z.string().meta({
      description:
        'The run id: the c-run-id header of POST /api/commands/{id}/run, or the id of an async run.',
    }),
    at: timestamp(),
    command: z.string(),
    connection: z.string(),
    surface: z.enum(['web', 'cli', 'mcp', 'http', 'async']),
    actor: z.string().meta({
      description: 'token:<12 hex of its SHA-256>, session:<12 hex>, or cli; never the secret.',
    }),
    status: z.enum(['succeeded', 'failed', 'queued', 'running', 'canceling']),
    outcome: z.string().optional().meta({ description: "ok, replayed, or the error's kind, once ended." }),
    message: z.string().optional().meta({ description: "The error's message when it failed." }),
    durationMs: z.number().optional(),
    dryRun: z.boolean(),
    requestId: z.string().optional().meta({ description: "The provider's request id of the last call." }),
  })
  .register(responseSchemas, { id: 'HistoryRun' });

/** What `GET /api/runs` answers. */
export const RunHistoryPage = z.object({
  runs: z.array(HistoryRun),
  nextCursor: z
    .string()
    .optional()
    .meta({ description: 'Pass as cursor for the next page; absent on the last.' }),
});

export type HistoryRunView = z.output<typeof HistoryRun>;
export type RunHistoryPage = z.output<typeof RunHistoryPage>;
