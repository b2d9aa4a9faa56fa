export { type SimChart, sandboxCharts } from './amplitude-charts.js';
export type { Profile, StoredEvent } from './amplitude-events.js';
export { createAmplitudeHandlers } from './amplitude-handlers.js';
export {
  type AmplitudeSandbox,
  type AmplitudeSimulatorOptions,
  analyticsSimulator,
  startAnalyticsSimulator,
} from './amplitude-simulator.js';
export {
  AmplitudeState,
  type AmplitudeStateOptions,
  type ExportProfile,
  type SimCohort,
} from './amplitude-state.js';
export { type SimUser, sandboxUsers } from './amplitude-synthetic.js';
export { type SyntheticEventOptions, syntheticEvents } from './amplitude-synthetic-events.js';
export type { ThrottleOptions } from './amplitude-throttle.js';
