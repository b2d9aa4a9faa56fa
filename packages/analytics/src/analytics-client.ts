import {
  AuthError,
  basicAuth,
  type ConnectorError,
  type ErrorResponse,
  errorFromStatus,
  HttpClient,
  type HttpTuning,
  ProviderError,
  parseRetryAfter,
  RateLimitError,
  type RetryPolicy,
  Secret,
  withTuning,
} from '@c/core';

/**
 * The revision of Amplitude's developer docs the package follows: the Dashboard REST, Behavioral
 * Cohorts, Export and HTTP V2 pages as last changed on this date. Amplitude versions these APIs
 * by path only (`/api/2/`, `/api/3/`, `/2/httpapi`), so this date is what says which API it speaks.
 */
export const ANALYTICS_API_VERSION = '2026-01-20';

/** Amplitude's hosts per data-residency region: the query APIs and the ingestion API. */
export const ANALYTICS_REGIONS = {
  us: {
    baseUrl: 'https://amplitude.com',
    ingestionBaseUrl: 'https://api2.amplitude.com',
    profileBaseUrl: 'https://profile-api.amplitude.com',
  },
  // Amplitude serves no User Profile API in the EU region.
  eu: {
    baseUrl: 'https://analytics.eu.amplitude.com',
    ingestionBaseUrl: 'https://api.eu.amplitude.com',
    profileBaseUrl: undefined,
  },
} as const;

/** A data-residency region of Amplitude. */
export type AnalyticsRegion = keyof typeof ANALYTICS_REGIONS;

/**
 * Amplitude allows 5 concurrent requests per project across its REST endpoints (export and cohort
 * downloads included); a connection never has more in flight.
 */
export const ANALYTICS_MAX_CONCURRENT = 5;

/** What one connection holds: the HTTP client (dashboard + ingestion) and the key for ingestion bodies. */
export interface AnalyticsContext {
  http: HttpClient;
  /** The connection's retry tuning, which Send Events applies over its own ingestion policy. */
  retry?: Partial<RetryPolicy> | undefined;
  /** The project API key, which the ingestion API takes in the JSON body rather than a header. */
  apiKey: Secret;
  /** The project secret key, which the User Profile API takes as `Authorization: Api-Key`. */
  secretKey: Secret;
  /** Whether a User Profile API host is known (none in the EU region unless configured). */
  hasProfileApi: boolean;
  close(): Promise<void>;
}

/** Credentials and options of a connection, as the connector has parsed them. */
export interface AnalyticsConnectionConfig {
  credentials: { apiKey: string; secretKey: string };
  options: {
    region?: AnalyticsRegion | undefined;
    baseUrl?: string | undefined;
    ingestionBaseUrl?: string | undefined;
    profileBaseUrl?: string | undefined;
  };
  /** The connection's retry and timeout tuning. */
  http?: HttpTuning | undefined;
}

/**
 * Builds a connection's context: one keep-alive pool for both APIs, Basic auth (API key and secret
 * key) for the query APIs, at most five calls in flight, and Amplitude's error bodies mapped onto
 * the error taxonomy. The region picks both hosts; explicit base URLs win over it.
 */
export function createAnalyticsContext(config: AnalyticsConnectionConfig): AnalyticsContext {
  const region = ANALYTICS_REGIONS[config.options.region ?? 'us'];
  const profileBaseUrl = config.options.profileBaseUrl ?? region.profileBaseUrl;
  const http = new HttpClient(
    withTuning(
      {
        provider: 'Amplitude',
        baseUrls: {
          dashboard: config.options.baseUrl ?? region.baseUrl,
          ingestion: config.options.ingestionBaseUrl ?? region.ingestionBaseUrl,
          ...(profileBaseUrl ? { profile: profileBaseUrl } : {}),
        },
        auth: basicAuth(config.credentials.apiKey, config.credentials.secretKey),
        maxConcurrent: ANALYTICS_MAX_CONCURRENT,
        // Amplitude prepares exports and long segmentations before it answers: allow minutes to the headers.
        timeouts: { headersMs: 300_000 },
        // Answers that repeating cannot fix carry `retryable: false`, which core honours.
        parseError: (response) => mapAmplitudeError(response).error,
      },
      config.http,
    ),
  );
  const apiKey = new Secret(config.credentials.apiKey);
  const secretKey = new Secret(config.credentials.secretKey);
  return {
    http,
    retry: config.http?.retry,
    apiKey,
    secretKey,
    hasProfileApi: profileBaseUrl !== undefined,
    close: async () => {
      apiKey.dispose();
      secretKey.dispose();
      await http.close();
    },
  };
}

const INGESTION_PATH = /\/(2\/httpapi|batch)$/;
const EXPORT_PATH = /\/api\/2\/export$/;

/**
 * The documented prefix of the ingestion API's `error` value for a wrong key. Amplitude's 400 bodies
 * carry no other code, so this documented value is the code (the official SDK tests it the same way).
 */
const INVALID_API_KEY = 'Invalid API key';

/** Per-event fields of an ingestion 400 or 429 body, kept on the error for Send Events. */
const INGESTION_DETAIL_KEYS = [
  'missing_field',
  'events_with_invalid_fields',
  'events_with_missing_fields',
  'events_with_invalid_id_lengths',
  'silenced_events',
  'silenced_devices',
  'throttled_events',
  'throttled_devices',
  'throttled_users',
  'eps_threshold',
  'exceeded_daily_quota_users',
  'exceeded_daily_quota_devices',
] as const;

/**
 * Maps an Amplitude error response onto the taxonomy, by API, status and the body's fields.
 * `retry: false` marks answers that the same request can never overcome.
 */
export function mapAmplitudeError(response: ErrorResponse): { error: ConnectorError; retry: boolean } {
  const { status, body, requestId } = response;
  const path = response.request.path;
  const said = describeBody(body);
  if (INGESTION_PATH.test(path)) return mapIngestionError(response, said);
  if (EXPORT_PATH.test(path) && (status === 400 || status === 504)) {
    const why =
      status === 400
        ? 'the export would be larger than its 4 GB limit'
        : 'the range holds too much data to export in time';
    return {
      error: new ProviderError(
        `Amplitude refused the export (${status}): ${why}. Shorten the range (start, end) and export it in parts.`,
        {
          status,
          providerMessage: said.message,
          providerCode: status === 400 ? 'export_too_large' : 'export_too_much_data',
          requestId,
          retryable: false,
        },
      ),
      retry: false,
    };
  }
  return {
    error: errorFromStatus({
      status,
      provider: 'Amplitude',
      providerMessage: said.message,
      providerCode: said.code,
      requestId,
      retryAfterMs: parseRetryAfter(response.headers),
    }),
    retry: true,
  };
}

/** The per-event fields of an ingestion error body (which events, devices and users it names). */
function ingestionDetails(body: unknown): Record<string, unknown> {
  const record = isRecord(body) ? body : {};
  const details: Record<string, unknown> = {};
  for (const key of INGESTION_DETAIL_KEYS) {
    if (record[key] !== undefined) details[key] = record[key];
  }
  return details;
}

const named = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : isRecord(value) && Object.keys(value).length > 0;

/**
 * For Send Events: an ingestion 429 that names throttled devices, users or events (or some over
 * their daily quota) becomes a final `ProviderError` (status 429, code `throttled` or
 * `exceeded_daily_quota`, the names in `details`), so core does not repeat the whole request: Send
 * Events pauses only the named devices and users and sends the other events at once. A 429 that
 * names nobody is left to the connection's mapping (a `RateLimitError`, retried with backoff).
 */
export function namedThrottleError(response: ErrorResponse): ConnectorError | undefined {
  if (response.status !== 429 || !INGESTION_PATH.test(response.request.path)) return undefined;
  const details = ingestionDetails(response.body);
  const quota = named(details.exceeded_daily_quota_users) || named(details.exceeded_daily_quota_devices);
  const throttled =
    named(details.throttled_users) || named(details.throttled_devices) || named(details.throttled_events);
  if (!quota && !throttled) return undefined;
  const said = describeBody(response.body);
  return new ProviderError(
    `Amplitude throttled some devices or users of the upload (429)${said.message ? `: ${said.message}` : ''}`,
    {
      status: 429,
      providerMessage: said.message,
      providerCode: throttled ? 'throttled' : 'exceeded_daily_quota',
      requestId: response.requestId,
      details: { ...details, retryAfterMs: parseRetryAfter(response.headers) },
      retryable: false,
    },
  );
}

function mapIngestionError(
  response: ErrorResponse,
  said: { message?: string | undefined; code?: string | undefined },
): { error: ConnectorError; retry: boolean } {
  const { status, body, requestId } = response;
  const record = isRecord(body) ? body : {};
  const details = ingestionDetails(body);
  const base = {
    status,
    providerMessage: said.message,
    providerCode: said.message,
    requestId,
    details,
  };
  if (status === 400 && said.message?.startsWith(INVALID_API_KEY)) {
    return {
      error: new AuthError(
        'Amplitude refused the API key (400 Invalid API key). Check the project API key.',
        base,
      ),
      retry: false,
    };
  }
  if (status === 429) {
    const overQuota =
      Object.keys(asRecord(record.exceeded_daily_quota_users)).length +
        Object.keys(asRecord(record.exceeded_daily_quota_devices)).length >
      0;
    if (overQuota) {
      // A daily quota is not waited out within a call (and core retries every RateLimitError):
      // Send Events drops the events of those users and devices and sends the others at once.
      return {
        error: new ProviderError(
          'Amplitude refused events of users or devices over their daily quota (429)',
          {
            ...base,
            providerCode: 'exceeded_daily_quota',
            retryable: false,
          },
        ),
        retry: false,
      };
    }
    return {
      error: new RateLimitError(
        `Amplitude throttled the upload (429)${said.message ? `: ${said.message}` : ''}`,
        {
          ...base,
          retryAfterMs: parseRetryAfter(response.headers),
        },
      ),
      retry: true,
    };
  }
  return {
    error: errorFromStatus({ ...base, provider: 'Amplitude' }),
    retry: status >= 500,
  };
}

function describeBody(body: unknown): { message?: string | undefined; code?: string | undefined } {
  if (typeof body === 'string') return { message: body };
  if (!isRecord(body)) return {};
  const error = body.error;
  if (typeof error === 'string') return { message: error };
  if (isRecord(error)) {
    return {
      message: typeof error.message === 'string' ? error.message : undefined,
      code: typeof error.type === 'string' ? error.type : undefined,
    };
  }
  // The Taxonomy API answers errors as {success: false, errors: [{message}]}.
  if (Array.isArray(body.errors)) {
    const messages = body.errors
      .map((entry) => (isRecord(entry) ? entry.message : undefined))
      .filter((m) => typeof m === 'string');
    if (messages.length > 0) return { message: messages.join('; ') };
  }
  return { message: typeof body.message === 'string' ? body.message : undefined };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
