export { type AnalyticsSource, segmentation, userCounts } from './amplitude-analytics.js';
export { chartCsv, type SimChart, sandboxCharts } from './amplitude-charts.js';
export { checkAmplitudeRequest } from './amplitude-contract.js';
export { applyUserProperties, type Profile, type StoredEvent } from './amplitude-events.js';
export { createAmplitudeHandlers } from './amplitude-handlers.js';
export { checkEvents, checkQuery, type EventChecks, PLACEHOLDER_IDS } from './amplitude-rules.js';
export { type SeedEvent, type SeedPlan, seedEvents } from './amplitude-seed.js';
export {
  type AmplitudeSandbox,
  type AmplitudeSimulatorOptions,
  startAmplitudeSimulator,
} from './amplitude-simulator.js';
export {
  AmplitudeState,
  type AmplitudeStateOptions,
  type ExportPlan,
  type ExportProfile,
  type SimCohort,
} from './amplitude-state.js';
export { EventRateLimiter, type ThrottleOptions } from './amplitude-throttle.js';
export {
  type ExportArchiveOptions,
  type ExportFile,
  exportArchive,
  exportFileName,
} from './export-archive.js';
export { type SimUser, sandboxUsers } from './synthetic.js';
export { type SyntheticEventOptions, syntheticEvents } from './synthetic-events.js';
