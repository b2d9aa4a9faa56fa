export {
  AMPLITUDE_MAX_CONCURRENT,
  AMPLITUDE_REGIONS,
  type AmplitudeRegion,
  type AnalyticsConnectionConfig,
  type AnalyticsContext,
  createAnalyticsContext,
} from './amplitude-client.js';
export { type AnalyticsClient, analytics, exportEvents, sendEventStream } from './analytics-connector.js';
export { type ChartTable, parseChartCsv } from './chart-csv.js';
export type { UserCountsResult } from './commands/active-and-new-user-counts.js';
export type { AmplitudeCohort } from './commands/behavioral-cohorts.js';
export {
  BUILT_IN_GROUP_BY,
  FILTER_OPERATORS,
  type SegmentationEvent,
  type SegmentationResult,
} from './commands/event-segmentation.js';
export type { ExportDataResult } from './commands/export-data.js';
export type { ChartResult } from './commands/get-chart-results.js';
export type { SendEventRecord } from './commands/send-events.js';
export type { UserSearchResult } from './commands/user-search.js';
export {
  eventProblem,
  INGESTION_LIMITS,
  type SendEventStreamOptions,
  type SendEventsResult,
} from './event-ingestion.js';
export { type AmplitudeExportEvent, EXPORT_MAX_DAYS, type ExportEventsOptions } from './export-events.js';
