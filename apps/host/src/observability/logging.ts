// The JSON logs of `c-host serve` (Fastify's pino): one line per request and one per run, in the
// shape log collectors read, with nothing a credential could hide in. Request lines name the path
// only: a query can carry a one-time sign-in token (`/auth?token=…`) or an OAuth code.
import { randomUUID } from 'node:crypto';
import { ValidationError } from '@c/core';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** The levels `C_HOST_LOG_LEVEL` takes, most to least severe (`silent` logs nothing). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** How `createHttpServer` logs: its level, and where to (stdout by default). */
export interface HostLogOptions {
  /** `C_HOST_LOG_LEVEL`; when absent `info`, or `warn` when `terminal`. */
  level?: string | undefined;
  /**
   * Standard output is a terminal: a person started `serve` and reads along, so only warnings and
   * errors show unless `level` says otherwise. A service manager or a container gets `info`.
   */
  terminal?: boolean | undefined;
  /** Where the JSON lines go (tests); standard output by default. */
  stream?: { write(line: string): void } | undefined;
}

/** Probes of load balancers and orchestrators: logged at debug only, or they would drown the rest. */
const PROBES = new Set(['/api/health', '/api/ready']);
const VERBOSE = new Set(['debug', 'trace']);

/**
 * One line per request, when it is answered (with its status and time), rather than two; probes
 * only at `debug`.
 */
class HostLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override isLogDisabled(request: FastifyRequest): boolean {
    return PROBES.has(request.routeOptions?.url ?? '') && !VERBOSE.has(request.log.level);
  }
}

/** Checks `C_HOST_LOG_LEVEL` (`fallback` when unset); a `ValidationError` naming it when it is not a level. */
export function logLevel(value: string | undefined, fallback = 'info'): string {
  const level = value?.trim().toLowerCase() || fallback;
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ValidationError(
      `Invalid parameter "C_HOST_LOG_LEVEL": expected one of ${LOG_LEVELS.join(', ')}`,
      { parameter: 'C_HOST_LOG_LEVEL' },
    );
  }
  return level;
}

/**
 * Fastify's logger options for a serving host: the level, request lines without query strings or
 * headers, request ids from the load balancer's `X-Request-Id` when it sends one (so its log and
 * ours meet) or a UUID (unique across a fleet), and one line per request.
 */
export function hostLogger(
  options: HostLogOptions,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'requestIdHeader' | 'genReqId'> {
  return {
    logger: {
      level: logLevel(options.level, options.terminal ? 'warn' : 'info'),
      ...(options.stream ? { stream: options.stream } : {}),
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
    },
    logController: new HostLogController(),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  };
}
