// Logs, traces and metrics of a serving host, built on the standard OpenTelemetry packages. Every
// package loads on `Telemetry.open`, never at import: a command line pays nothing, and the OTLP
// exporters and the tracing SDK load only when OTEL_EXPORTER_OTLP_ENDPOINT (or a test) asks.
import { ValidationError } from '@c/core';
import type {
  Attributes,
  Counter,
  Histogram,
  Meter,
  context as otelContext,
  trace as otelTrace,
  Span,
  Tracer,
  UpDownCounter,
} from '@opentelemetry/api';
import type { MeterProvider } from '@opentelemetry/sdk-metrics';
import type { SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyBaseLogger } from 'fastify';
import { kindOf, type RunInfo, type RunSummary, type RunWatcher, type WatchedRun } from './operations.js';
import { currentRequest } from './request-context.js';

/** Options of `Telemetry.open`. */
export interface TelemetryOptions {
  /** Where the line of each run goes when it is not part of a request (whose own logger is used). */
  log: FastifyBaseLogger;
  /** `OTEL_EXPORTER_OTLP_ENDPOINT` and the other standard `OTEL_*` variables; `process.env` by default. */
  env?: NodeJS.ProcessEnv | undefined;
  /** More span processors (tests: an in-memory exporter); tracing is on when there is any. */
  spanProcessors?: SpanProcessor[] | undefined;
  /** The host's version, on every span and metric (`service.version`). */
  version: string;
  /** How many async runs wait for a worker, read at each collection (`c_host.runs.queued`). */
  queueDepth?: (() => Promise<number>) | undefined;
}

/** Where the OTLP exporters send, from the standard variables; undefined when OTLP is off. */
export interface OtlpEndpoints {
  traces: string | undefined;
  metrics: string | undefined;
}

/** Seconds: the run and call durations' bucket bounds, from a quick read to a long export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * Reads the OTLP endpoints the standard way: `OTEL_EXPORTER_OTLP_ENDPOINT` as a base
 * (`/v1/traces` and `/v1/metrics` appended), `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` and
 * `…_METRICS_ENDPOINT` as they are; `OTEL_SDK_DISABLED=true`, `OTEL_TRACES_EXPORTER=none` and
 * `OTEL_METRICS_EXPORTER=none` turn them off. A value that is not an http(s) URL is refused.
 */
export function otlpEndpoints(env: NodeJS.ProcessEnv): OtlpEndpoints | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const base = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const signal = (name: 'TRACES' | 'METRICS', path: string) => {
    if (env[`OTEL_${name}_EXPORTER`]?.trim().toLowerCase() === 'none') return undefined;
    const own = nonEmpty(env[`OTEL_EXPORTER_OTLP_${name}_ENDPOINT`]);
    if (own) return checkedUrl(own, `OTEL_EXPORTER_OTLP_${name}_ENDPOINT`);
    if (!base) return undefined;
    return `${checkedUrl(base, 'OTEL_EXPORTER_OTLP_ENDPOINT').replace(/\/+$/, '')}/${path}`;
  };
  const endpoints = { traces: signal('TRACES', 'v1/traces'), metrics: signal('METRICS', 'v1/metrics') };
  return endpoints.traces || endpoints.metrics ? endpoints : undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

function checkedUrl(value: string, variable: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ValidationError(
      `Invalid parameter "${variable}": expected the http(s) URL of an OTLP/HTTP receiver, such as http://127.0.0.1:4318`,
      { parameter: variable },
    );
  }
  return value;
}

interface Instruments {
  runs: Counter;
  duration: Histogram;
  errors: Counter;
  active: UpDownCounter;
  retries: Counter;
  calls: Histogram;
  refreshes: Counter;
}

/** The Prometheus reader and the text serializer, kept apart from their classes' types. */
interface PrometheusParts {
  reader: { collect(): Promise<{ resourceMetrics: unknown }> };
  serialize: (resourceMetrics: unknown) => string;
}

interface Api {
  trace: typeof otelTrace;
  context: typeof otelContext;
}

/**
 * A serving host's telemetry. Each run writes one JSON log line (command, connection, duration,
 * outcome, calls, retries, the provider's request id, who ran it; never a credential) and counts in
 * the metrics (runs, durations, errors by kind, active runs, provider calls and their retries, OAuth
 * refreshes, queued async runs). With tracing on, a run is a span and each provider call a child
 * span (HTTP client semantic conventions) with its retries and rate-limit waits as events. Metrics
 * are always kept for `GET /metrics` (Prometheus text); OTLP/HTTP export of traces and metrics is
 * on when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 */
export class Telemetry implements RunWatcher {
  readonly #log: FastifyBaseLogger;
  readonly #api: Api;
  readonly #meterProvider: MeterProvider;
  readonly #tracerProvider: TracerProvider | undefined;
  readonly #tracer: Tracer | undefined;
  readonly #instruments: Instruments;
  readonly #prometheus: { collect(): Promise<{ resourceMetrics: unknown }> };
  readonly #serialize: (resourceMetrics: unknown) => string;

  private constructor(parts: {
    log: FastifyBaseLogger;
    api: Api;
    meterProvider: MeterProvider;
    tracerProvider: TracerProvider | undefined;
    version: string;
    prometheus: PrometheusParts;
    queueDepth: TelemetryOptions['queueDepth'];
  }) {
    this.#log = parts.log;
    this.#api = parts.api;
    this.#meterProvider = parts.meterProvider;
    this.#tracerProvider = parts.tracerProvider;
    this.#tracer = parts.tracerProvider?.getTracer('c-host', parts.version);
    this.#prometheus = parts.prometheus.reader;
    this.#serialize = parts.prometheus.serialize;
    const meter = parts.meterProvider.getMeter('c-host', parts.version);
    this.#instruments = instruments(meter);
    const queueDepth = parts.queueDepth;
    if (queueDepth) {
      meter
        .createObservableGauge('c_host.runs.queued', {
          description: 'Async runs waiting for a worker (the whole fleet’s, as the store counts them).',
          unit: '{run}',
        })
        .addCallback(async (result) => {
          try {
            result.observe(await queueDepth());
          } catch {
            // The store is briefly away: this collection has no value rather than a wrong one.
          }
        });
    }
  }

  /** Loads the OpenTelemetry packages this configuration needs and starts the providers. */
  static async open(options: TelemetryOptions): Promise<Telemetry> {
    const env = options.env ?? process.env;
    const endpoints = otlpEndpoints(env);
    const [api, metricsSdk, prometheusModule, resources, semconv] = await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-metrics'),
      import('@opentelemetry/exporter-prometheus'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/semantic-conventions'),
    ]);
    const resource = resources.resourceFromAttributes({
      [semconv.ATTR_SERVICE_NAME]: nonEmpty(env.OTEL_SERVICE_NAME) ?? 'c-host',
      [semconv.ATTR_SERVICE_VERSION]: options.version,
      [semconv.ATTR_SERVICE_INSTANCE_ID]: crypto.randomUUID(),
    });
    const prometheus = new prometheusModule.PrometheusExporter({ preventServerStart: true });
    const readers: import('@opentelemetry/sdk-metrics').IMetricReader[] = [prometheus];
    if (endpoints?.metrics) {
      const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-http');
      const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL);
      readers.push(
        new metricsSdk.PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter({ url: endpoints.metrics }),
          exportIntervalMillis: interval > 0 ? interval : 60_000,
        }),
      );
    }
    const meterProvider = new metricsSdk.MeterProvider({ resource, readers });
    const processors = [...(options.spanProcessors ?? [])];
    let tracerProvider: TracerProvider | undefined;
    if (endpoints?.traces || processors.length > 0) {
      const traceSdk = await import('@opentelemetry/sdk-trace');
      if (endpoints?.traces) {
        const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
        processors.push(
          new traceSdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: endpoints.traces }) }),
        );
      }
      tracerProvider = new traceSdk.TracerProvider({ resource, spanProcessors: processors });
    }
    const serializer = new prometheusModule.PrometheusSerializer();
    return new Telemetry({
      log: options.log,
      api: { trace: api.trace, context: api.context },
      meterProvider,
      tracerProvider,
      version: options.version,
      prometheus: {
        reader: prometheus,
        serialize: (metrics) => serializer.serialize(metrics as never),
      },
      queueDepth: options.queueDepth,
    });
  }

  startRun(info: RunInfo): WatchedRun {
    const labels = { command: info.command, connector: info.connector };
    this.#instruments.active.add(1, labels);
    const span = this.#tracer?.startSpan(`run ${info.command}`, {
      attributes: {
        'c_host.command': info.command,
        'c_host.connector': info.connector,
        'c_host.connection': info.connection,
        'c_host.write': info.write,
        'c_host.dry_run': info.dryRun,
      },
    });
    return {
      observer: {
        onCall: (call) => {
          const started = performance.now();
          const url = new URL(call.url);
          const base: Attributes = {
            'http.request.method': call.method,
            'server.address': url.hostname,
            'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          };
          const child = span
            ? this.#tracer?.startSpan(
                call.method,
                {
                  kind: 2, // SpanKind.CLIENT
                  attributes: { ...base, 'url.full': call.url, 'c_host.provider': call.provider },
                },
                this.#api.trace.setSpan(this.#api.context.active(), span),
              )
            : undefined;
          return {
            onRetry: ({ attempt, delayMs, error }) => {
              this.#instruments.retries.add(1, { provider: call.provider, 'error.type': error.kind });
              child?.addEvent(error.kind === 'rate_limit' ? 'rate_limit_wait' : 'retry', {
                'c_host.retry.attempt': attempt,
                'c_host.retry.delay_ms': delayMs,
                'error.type': error.kind,
                ...(error.status === undefined ? {} : { 'http.response.status_code': error.status }),
              });
            },
            onEnd: ({ status, requestId, error, retries }) => {
              const outcome: Attributes = {
                ...(status === undefined ? {} : { 'http.response.status_code': status }),
                ...(error === undefined ? {} : { 'error.type': kindOf(error) }),
              };
              this.#instruments.calls.record((performance.now() - started) / 1000, {
                ...base,
                ...outcome,
              });
              if (!child) return;
              child.setAttributes({
                ...outcome,
                ...(retries > 0 ? { 'http.request.resend_count': retries } : {}),
                ...(requestId ? { 'c_host.provider.request_id': requestId } : {}),
              });
              if (error !== undefined) child.setStatus({ code: 2, message: kindOf(error) }); // ERROR
              child.end();
            },
          };
        },
      },
      end: (summary) => this.#endRun(info, summary, span),
    };
  }

  refreshed(): void {
    this.#instruments.refreshes.add(1);
  }

  /** The metrics in the Prometheus text format (what `GET /metrics` answers). */
  async metricsText(): Promise<string> {
    const { resourceMetrics } = await this.#prometheus.collect();
    return this.#serialize(resourceMetrics);
  }

  /** Sends what is still buffered (spans, the last metrics) and stops the providers. */
  async shutdown(): Promise<void> {
    await Promise.allSettled([this.#meterProvider.shutdown(), this.#tracerProvider?.shutdown()]);
  }

  #endRun(info: RunInfo, summary: RunSummary, span: Span | undefined): void {
    const labels = { command: info.command, connector: info.connector };
    const outcome = summary.replayed ? 'replayed' : summary.outcome;
    this.#instruments.active.add(-1, labels);
    this.#instruments.runs.add(1, { ...labels, outcome });
    this.#instruments.duration.record(summary.durationMs / 1000, { ...labels, outcome });
    if (summary.outcome !== 'ok') {
      this.#instruments.errors.add(1, { ...labels, 'error.type': summary.outcome });
    }
    if (span) {
      span.setAttributes({
        'c_host.outcome': outcome,
        'c_host.calls': summary.calls,
        'c_host.retries': summary.retries,
        'c_host.actor': summary.actor,
        ...(summary.requestId ? { 'c_host.provider.request_id': summary.requestId } : {}),
        ...(summary.outcome === 'ok' ? {} : { 'error.type': summary.outcome }),
      });
      if (summary.outcome !== 'ok') span.setStatus({ code: 2, message: summary.outcome });
      span.end();
    }
    const line = {
      command: info.command,
      connector: info.connector,
      connection: info.connection,
      outcome: summary.outcome,
      durationMs: Math.round(summary.durationMs * 10) / 10,
      calls: summary.calls,
      retries: summary.retries,
      ...(summary.requestId ? { requestId: summary.requestId } : {}),
      actor: summary.actor,
      write: info.write,
      ...(info.dryRun ? { dryRun: true } : {}),
      ...(summary.replayed ? { replayed: true } : {}),
      ...(span ? { traceId: span.spanContext().traceId } : {}),
    };
    const log = currentRequest()?.log ?? this.#log;
    if (summary.outcome === 'ok') log.info(line, 'run');
    else if (summary.outcome === 'internal') log.error(line, 'run');
    else log.warn(line, 'run');
  }
}

function instruments(meter: Meter): Instruments {
  const seconds = { unit: 's', advice: { explicitBucketBoundaries: DURATION_BUCKETS } };
  return {
    runs: meter.createCounter('c_host.runs', {
      description: 'Command runs that ended, by command and outcome (ok, replayed or the error kind).',
      unit: '{run}',
    }),
    duration: meter.createHistogram('c_host.run.duration', {
      description: 'How long command runs took, provider calls and retries included.',
      ...seconds,
    }),
    errors: meter.createCounter('c_host.run.errors', {
      description: 'Command runs that failed, by command and error kind (error.type).',
      unit: '{run}',
    }),
    active: meter.createUpDownCounter('c_host.runs.active', {
      description: 'Command runs in progress in this instance.',
      unit: '{run}',
    }),
    retries: meter.createCounter('c_host.provider.retries', {
      description: 'Provider calls repeated after a failure or a rate limit, by provider and cause.',
      unit: '{retry}',
    }),
    calls: meter.createHistogram('http.client.request.duration', {
      description: 'Provider calls: duration of each, all its attempts included.',
      ...seconds,
    }),
    refreshes: meter.createCounter('c_host.oauth.refreshes', {
      description: 'OAuth access tokens refreshed at a provider.',
      unit: '{refresh}',
    }),
  };
}
