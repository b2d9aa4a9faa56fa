import { type ConnectorClient, contextOf as contextOfClient, defineConnector } from '@c/core';
import { type AnalyticsContext, createAnalyticsContext } from './analytics-client.js';
import { type ExportEventsOptions, readExport, readExportNdjson } from './analytics-export.js';
import { ingestEvents } from './analytics-ingestion.js';
import type { SendEventStreamOptions } from './analytics-ingestion-parts.js';
import type { AnalyticsExportEvent, SendEventsResult } from './analytics-schemas.js';
import { analyticsToolsets } from './analytics-toolsets.js';
import { activeAndNewUserCounts } from './commands/active-and-new-user-counts.js';
import { behavioralCohorts } from './commands/behavioral-cohorts.js';
import { createAnnotation } from './commands/create-annotation.js';
import { createRelease } from './commands/create-release.js';
import { customAction } from './commands/custom-action.js';
import { deleteUserData } from './commands/delete-user-data.js';
import { eventSegmentation } from './commands/event-segmentation.js';
import { exportData } from './commands/export-data.js';
import { funnelAnalysis } from './commands/funnel-analysis.js';
import { getChartResults } from './commands/get-chart-results.js';
import { getCohortMembers } from './commands/get-cohort-members.js';
import { getUserProfile } from './commands/get-user-profile.js';
import { groupIdentify } from './commands/group-identify.js';
import { identifyUser } from './commands/identify-user.js';
import { listAnnotations } from './commands/list-annotations.js';
import { listDeletionJobs } from './commands/list-deletion-jobs.js';
import { listEvents } from './commands/list-events.js';
import { realtimeActiveUsers } from './commands/realtime-active-users.js';
import { retentionAnalysis } from './commands/retention-analysis.js';
import { revenueLtv } from './commands/revenue-ltv.js';
import { sendEvents } from './commands/send-events.js';
import { sessionMetrics } from './commands/session-metrics.js';
import {
  createEventType,
  listEventProperties,
  listEventTypes,
  listUserProperties,
  updateEventType,
} from './commands/taxonomy-commands.js';
import { uploadCohort } from './commands/upload-cohort.js';
import { userActivity } from './commands/user-activity.js';
import { userComposition } from './commands/user-composition.js';
import { userSearch } from './commands/user-search.js';
import { cohortSizeChanged } from './triggers/cohort-size-changed.js';

const commands = {
  activeAndNewUserCounts,
  eventSegmentation,
  exportData,
  behavioralCohorts,
  userSearch,
  getChartResults,
  sendEvents,
  identifyUser,
  groupIdentify,
  funnelAnalysis,
  retentionAnalysis,
  userActivity,
  userComposition,
  sessionMetrics,
  realtimeActiveUsers,
  revenueLtv,
  listEvents,
  listAnnotations,
  createAnnotation,
  createRelease,
  deleteUserData,
  listDeletionJobs,
  getCohortMembers,
  uploadCohort,
  getUserProfile,
  listEventTypes,
  createEventType,
  updateEventType,
  listEventProperties,
  listUserProperties,
  customAction,
};

const connector = defineConnector({
  id: 'analytics',
  title: 'Amplitude',
  description:
    'Product analytics on Amplitude: active and new users, event segmentation, raw event export, behavioral cohorts, user search, saved charts, and event ingestion.',
  credentials: (z) =>
    z.object({
      apiKey: z
        .string()
        .min(1)
        .meta({ title: 'API Key', description: "The project's API key (project settings)." }),
      secretKey: z
        .string()
        .min(1)
        .meta({ title: 'Secret Key', description: "The project's secret key (project settings)." }),
    }),
  options: (z) =>
    z.object({
      region: z.enum(['us', 'eu']).default('us').meta({
        title: 'Region',
        description: "The project's data residency: us (default) or eu. Picks both hosts.",
      }),
      baseUrl: z.url().optional().meta({
        title: 'Base URL',
        description:
          'Host of the query APIs; default https://amplitude.com (us) or https://analytics.eu.amplitude.com (eu).',
      }),
      profileBaseUrl: z.url().optional().meta({
        title: 'User Profile Base URL',
        description:
          'Host of the User Profile API; default https://profile-api.amplitude.com (us). Amplitude serves none in the eu region.',
      }),
      ingestionBaseUrl: z.url().optional().meta({
        title: 'Ingestion Base URL',
        description:
          'Host of the ingestion API; default https://api2.amplitude.com (us) or https://api.eu.amplitude.com (eu).',
      }),
    }),
  auth: { type: 'basic' },
  env: {
    C_ANALYTICS_API_KEY: 'credentials.apiKey',
    C_ANALYTICS_SECRET_KEY: 'credentials.secretKey',
    C_ANALYTICS_REGION: 'region',
    C_ANALYTICS_BASE_URL: 'baseUrl',
    C_ANALYTICS_INGESTION_BASE_URL: 'ingestionBaseUrl',
    C_ANALYTICS_PROFILE_BASE_URL: 'profileBaseUrl',
  },
  commands,
  toolsets: analyticsToolsets,
  triggers: { cohortSizeChanged },
  createContext: ({ credentials, options, http }) => createAnalyticsContext({ credentials, options, http }),
  verify: (ctx) => ctx.http.request({ method: 'GET', api: 'dashboard', path: '/api/2/realtime' }),
  simulator: async () => (await import('./testing/index.js')).analyticsSimulator,
});

/** A connected Amplitude project: `run` any of its commands. */
export type AnalyticsClient = ConnectorClient<typeof commands>;

/** The Amplitude connector (`analytics`): its commands and `connect`. */
export const analytics = connector;

function contextOf(target: AnalyticsClient | AnalyticsContext): AnalyticsContext {
  if ('http' in target && 'apiKey' in target) return target;
  return contextOfClient<AnalyticsContext>(target);
}

/**
 * Streams the raw events of an export range one by one, decoding the zip of gzipped JSON lines as
 * it downloads, in constant memory. `break` stops the download.
 *
 * ```ts
 * const amplitude = analytics.connect({ credentials: { apiKey, secretKey } });
 * for await (const event of exportEvents(amplitude, { start: '20260101T00', end: '20260101T23' })) {
 *   console.log(event.event_type);
 * }
 * ```
 */
export function exportEvents(
  client: AnalyticsClient | AnalyticsContext,
  options: ExportEventsOptions,
): AsyncGenerator<AnalyticsExportEvent> {
  return readExport(contextOf(client), options);
}

/**
 * Streams an export range as its raw newline-delimited JSON, for writing it to a file or passing it
 * on: chunks of whole lines, each ending with `\n`, decompressed as they download and never parsed,
 * so it keeps up with the download where `exportEvents` pays `JSON.parse` for every event. Same
 * range checks, errors and 404 (nothing) as `exportEvents`; `break`, an error downstream or the
 * `signal` stops the download.
 *
 * ```ts
 * await pipeline(exportNdjson(amplitude, { start: '20260101T00', end: '20260131T23' }), createWriteStream('events.ndjson'));
 * ```
 */
export function exportNdjson(
  client: AnalyticsClient | AnalyticsContext,
  options: ExportEventsOptions,
): AsyncGenerator<Uint8Array> {
  return readExportNdjson(contextOf(client), options);
}

/**
 * Sends events from any iterable or async iterable, as Send Events does, reading them lazily so
 * millions of events never sit in memory at once. Events that cannot be sent (no event_type, no
 * user_id or device_id) are reported as rejected rather than thrown.
 */
export function sendEventStream(
  client: AnalyticsClient | AnalyticsContext,
  events: Iterable<unknown> | AsyncIterable<unknown>,
  options?: SendEventStreamOptions,
): Promise<SendEventsResult> {
  return ingestEvents(contextOf(client), events, options);
}
