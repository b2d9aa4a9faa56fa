import type { CommandInput, CommandResult } from '@c/core';
import type { activeAndNewUserCounts } from './commands/active-and-new-user-counts.js';
import type { behavioralCohorts } from './commands/behavioral-cohorts.js';
import type { createAnnotation } from './commands/create-annotation.js';
import type { createRelease } from './commands/create-release.js';
import type { customAction } from './commands/custom-action.js';
import type { deleteUserData } from './commands/delete-user-data.js';
import type { eventSegmentation } from './commands/event-segmentation.js';
import type { exportData } from './commands/export-data.js';
import type { funnelAnalysis } from './commands/funnel-analysis.js';
import type { getChartResults } from './commands/get-chart-results.js';
import type { getCohortMembers } from './commands/get-cohort-members.js';
import type { getUserProfile } from './commands/get-user-profile.js';
import type { groupIdentify } from './commands/group-identify.js';
import type { identifyUser } from './commands/identify-user.js';
import type { listAnnotations } from './commands/list-annotations.js';
import type { listDeletionJobs } from './commands/list-deletion-jobs.js';
import type { listEvents } from './commands/list-events.js';
import type { realtimeActiveUsers } from './commands/realtime-active-users.js';
import type { retentionAnalysis } from './commands/retention-analysis.js';
import type { revenueLtv } from './commands/revenue-ltv.js';
import type { sendEvents } from './commands/send-events.js';
import type { sessionMetrics } from './commands/session-metrics.js';
import type {
  createEventType,
  listEventProperties,
  listEventTypes,
  listUserProperties,
  updateEventType,
} from './commands/taxonomy-commands.js';
import type { uploadCohort } from './commands/upload-cohort.js';
import type { userActivity } from './commands/user-activity.js';
import type { userComposition } from './commands/user-composition.js';
import type { userSearch } from './commands/user-search.js';

export { type ChartTable, parseChartCsv } from './analytics-chart-csv.js';
export {
  ANALYTICS_API_VERSION,
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
export { ANALYTICS_INGESTION_LIMITS } from './analytics-ingestion.js';
export type { IngestionTimers, SendEventStreamOptions } from './analytics-ingestion-parts.js';
export type { AnalyticsCohort, AnalyticsExportEvent } from './analytics-schemas.js';
export { activeAndNewUserCounts } from './commands/active-and-new-user-counts.js';
export { behavioralCohorts } from './commands/behavioral-cohorts.js';
export { createAnnotation } from './commands/create-annotation.js';
export { createRelease } from './commands/create-release.js';
export { customAction } from './commands/custom-action.js';
export { deleteUserData } from './commands/delete-user-data.js';
export {
  ANALYTICS_BUILT_IN_GROUP_BY,
  ANALYTICS_FILTER_OPERATORS,
  eventSegmentation,
  type SegmentationEvent,
} from './commands/event-segmentation.js';
export { exportData } from './commands/export-data.js';
export { funnelAnalysis } from './commands/funnel-analysis.js';
export { getChartResults } from './commands/get-chart-results.js';
export { getCohortMembers } from './commands/get-cohort-members.js';
export { getUserProfile } from './commands/get-user-profile.js';
export { groupIdentify } from './commands/group-identify.js';
export { identifyUser } from './commands/identify-user.js';
export { listAnnotations } from './commands/list-annotations.js';
export { listDeletionJobs } from './commands/list-deletion-jobs.js';
export { listEvents } from './commands/list-events.js';
export { realtimeActiveUsers } from './commands/realtime-active-users.js';
export { retentionAnalysis } from './commands/retention-analysis.js';
export { revenueLtv } from './commands/revenue-ltv.js';
export { type SendEventRecord, sendEvents } from './commands/send-events.js';
export { sessionMetrics } from './commands/session-metrics.js';
export {
  createEventType,
  listEventProperties,
  listEventTypes,
  listUserProperties,
  updateEventType,
} from './commands/taxonomy-commands.js';
export { uploadCohort } from './commands/upload-cohort.js';
export { userActivity } from './commands/user-activity.js';
export { userComposition } from './commands/user-composition.js';
export { userSearch } from './commands/user-search.js';
export {
  COHORT_POLL_INTERVAL_MS,
  type CohortSizeChange,
  cohortSizeChanged,
} from './triggers/cohort-size-changed.js';

/** Active and New User Counts' input. */
export type ActiveAndNewUserCountsInput = CommandInput<typeof activeAndNewUserCounts>;
/** Active and New User Counts' result: one series per segment, aligned with the dates. */
export type ActiveAndNewUserCountsResult = CommandResult<typeof activeAndNewUserCounts>;
/** Event Segmentation's input. */
export type EventSegmentationInput = CommandInput<typeof eventSegmentation>;
/** Event Segmentation's result: series per group, their labels, the range's totals, the dates. */
export type EventSegmentationResult = CommandResult<typeof eventSegmentation>;
/** Export Data's input. */
export type ExportDataInput = CommandInput<typeof exportData>;
/** Export Data's result: the first events, their count, and whether more were left unread. */
export type ExportDataResult = CommandResult<typeof exportData>;
/** Behavioral Cohorts' input (none). */
export type BehavioralCohortsInput = CommandInput<typeof behavioralCohorts>;
/** Behavioral Cohorts' result: every cohort of the project. */
export type BehavioralCohortsResult = CommandResult<typeof behavioralCohorts>;
/** User Search's input. */
export type UserSearchInput = CommandInput<typeof userSearch>;
/** User Search's result: the matching users and the kind of match. */
export type UserSearchResult = CommandResult<typeof userSearch>;
/** Get Chart Results' input. */
export type GetChartResultsInput = CommandInput<typeof getChartResults>;
/** Get Chart Results' result: the chart's table, or its CSV text. */
export type GetChartResultsResult = CommandResult<typeof getChartResults>;
/** Send Events' input. */
export type SendEventsInput = CommandInput<typeof sendEvents>;
/** Send Events' result: every event given is either ingested or rejected with a reason. */
export type SendEventsResult = CommandResult<typeof sendEvents>;
/** Custom Action's input. */
export type CustomActionInput = CommandInput<typeof customAction>;
/** Custom Action's result: Amplitude's JSON answer, or `{text}`, or `{contentType, size, base64}`. */
export type CustomActionResult = CommandResult<typeof customAction>;
/** The input of `identifyUser`. */
export type IdentifyUserInput = CommandInput<typeof identifyUser>;
/** The result of `identifyUser`. */
export type IdentifyUserResult = CommandResult<typeof identifyUser>;
/** The input of `groupIdentify`. */
export type GroupIdentifyInput = CommandInput<typeof groupIdentify>;
/** The result of `groupIdentify`. */
export type GroupIdentifyResult = CommandResult<typeof groupIdentify>;
/** The input of `funnelAnalysis`. */
export type FunnelAnalysisInput = CommandInput<typeof funnelAnalysis>;
/** The result of `funnelAnalysis`. */
export type FunnelAnalysisResult = CommandResult<typeof funnelAnalysis>;
/** The input of `retentionAnalysis`. */
export type RetentionAnalysisInput = CommandInput<typeof retentionAnalysis>;
/** The result of `retentionAnalysis`. */
export type RetentionAnalysisResult = CommandResult<typeof retentionAnalysis>;
/** The input of `userActivity`. */
export type UserActivityInput = CommandInput<typeof userActivity>;
/** The result of `userActivity`. */
export type UserActivityResult = CommandResult<typeof userActivity>;
/** The input of `userComposition`. */
export type UserCompositionInput = CommandInput<typeof userComposition>;
/** The result of `userComposition`. */
export type UserCompositionResult = CommandResult<typeof userComposition>;
/** The input of `sessionMetrics`. */
export type SessionMetricsInput = CommandInput<typeof sessionMetrics>;
/** The result of `sessionMetrics`. */
export type SessionMetricsResult = CommandResult<typeof sessionMetrics>;
/** The input of `realtimeActiveUsers`. */
export type RealtimeActiveUsersInput = CommandInput<typeof realtimeActiveUsers>;
/** The result of `realtimeActiveUsers`. */
export type RealtimeActiveUsersResult = CommandResult<typeof realtimeActiveUsers>;
/** The input of `revenueLtv`. */
export type RevenueLtvInput = CommandInput<typeof revenueLtv>;
/** The result of `revenueLtv`. */
export type RevenueLtvResult = CommandResult<typeof revenueLtv>;
/** The input of `listEvents`. */
export type ListEventsInput = CommandInput<typeof listEvents>;
/** The result of `listEvents`. */
export type ListEventsResult = CommandResult<typeof listEvents>;
/** The input of `listAnnotations`. */
export type ListAnnotationsInput = CommandInput<typeof listAnnotations>;
/** The result of `listAnnotations`. */
export type ListAnnotationsResult = CommandResult<typeof listAnnotations>;
/** The input of `createAnnotation`. */
export type CreateAnnotationInput = CommandInput<typeof createAnnotation>;
/** The result of `createAnnotation`. */
export type CreateAnnotationResult = CommandResult<typeof createAnnotation>;
/** The input of `createRelease`. */
export type CreateReleaseInput = CommandInput<typeof createRelease>;
/** The result of `createRelease`. */
export type CreateReleaseResult = CommandResult<typeof createRelease>;
/** The input of `deleteUserData`. */
export type DeleteUserDataInput = CommandInput<typeof deleteUserData>;
/** The result of `deleteUserData`. */
export type DeleteUserDataResult = CommandResult<typeof deleteUserData>;
/** The input of `listDeletionJobs`. */
export type ListDeletionJobsInput = CommandInput<typeof listDeletionJobs>;
/** The result of `listDeletionJobs`. */
export type ListDeletionJobsResult = CommandResult<typeof listDeletionJobs>;
/** The input of `getCohortMembers`. */
export type GetCohortMembersInput = CommandInput<typeof getCohortMembers>;
/** The result of `getCohortMembers`. */
export type GetCohortMembersResult = CommandResult<typeof getCohortMembers>;
/** The input of `uploadCohort`. */
export type UploadCohortInput = CommandInput<typeof uploadCohort>;
/** The result of `uploadCohort`. */
export type UploadCohortResult = CommandResult<typeof uploadCohort>;
/** The input of `getUserProfile`. */
export type GetUserProfileInput = CommandInput<typeof getUserProfile>;
/** The result of `getUserProfile`. */
export type GetUserProfileResult = CommandResult<typeof getUserProfile>;
/** The input of `listEventTypes`. */
export type ListEventTypesInput = CommandInput<typeof listEventTypes>;
/** The result of `listEventTypes`. */
export type ListEventTypesResult = CommandResult<typeof listEventTypes>;
/** The input of `createEventType`. */
export type CreateEventTypeInput = CommandInput<typeof createEventType>;
/** The result of `createEventType`. */
export type CreateEventTypeResult = CommandResult<typeof createEventType>;
/** The input of `updateEventType`. */
export type UpdateEventTypeInput = CommandInput<typeof updateEventType>;
/** The result of `updateEventType`. */
export type UpdateEventTypeResult = CommandResult<typeof updateEventType>;
/** The input of `listEventProperties`. */
export type ListEventPropertiesInput = CommandInput<typeof listEventProperties>;
/** The result of `listEventProperties`. */
export type ListEventPropertiesResult = CommandResult<typeof listEventProperties>;
/** The input of `listUserProperties`. */
export type ListUserPropertiesInput = CommandInput<typeof listUserProperties>;
/** The result of `listUserProperties`. */
export type ListUserPropertiesResult = CommandResult<typeof listUserProperties>;
