export { type ChartTable, parseChartCsv } from './analytics-chart-csv.js';
export {
  ANALYTICS_API_REVISION,
  ANALYTICS_MAX_CONCURRENT,
  ANALYTICS_REGIONS,
  type AnalyticsContext,
  type AnalyticsRegion,
} from './analytics-client.js';
export {
  type AnalyticsClient,
  analytics,
  exportEvents,
  exportNdjson,
  sendEventStream,
} from './analytics-connector.js';
export { ANALYTICS_EXPORT_MAX_DAYS, type ExportEventsOptions } from './analytics-export.js';
export {
  ANALYTICS_INGESTION_LIMITS,
  type IngestionTimers,
  type SendEventStreamOptions,
} from './analytics-ingestion.js';
export type {
  AnalyticsCohort,
  AnalyticsExportEvent,
  ChartResult,
  CohortsResult,
  CustomActionResult,
  ExportDataResult,
  SegmentationResult,
  SendEventsResult,
  UserCountsResult,
  UserSearchResult,
} from './analytics-schemas.js';
export { activeAndNewUserCounts } from './commands/active-and-new-user-counts.js';
export { behavioralCohorts } from './commands/behavioral-cohorts.js';
export { customAction } from './commands/custom-action.js';
export {
  ANALYTICS_BUILT_IN_GROUP_BY,
  ANALYTICS_FILTER_OPERATORS,
  eventSegmentation,
  type SegmentationEvent,
} from './commands/event-segmentation.js';
export { exportData } from './commands/export-data.js';
export { getChartResults } from './commands/get-chart-results.js';
export { type SendEventRecord, sendEvents } from './commands/send-events.js';
export { userSearch } from './commands/user-search.js';
export {
  COHORT_POLL_INTERVAL_MS,
  type CohortSizeChange,
  cohortSizeChanged,
} from './triggers/cohort-size-changed.js';
