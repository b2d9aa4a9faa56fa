export { checkAmplitudeRequest } from './amplitude-contract.js';
export { createAmplitudeHandlers } from './amplitude-handlers.js';
export { checkEvents, checkQuery, type EventChecks, PLACEHOLDER_IDS } from './amplitude-rules.js';
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
  type SimChart,
  type SimCohort,
  type StoredEvent,
  type ThrottleOptions,
} from './amplitude-state.js';
export {
  type ExportArchiveOptions,
  type ExportFile,
  exportArchive,
  exportFileName,
} from './export-archive.js';
export { type SimUser, sandboxUsers } from './synthetic.js';
export { type SyntheticEventOptions, syntheticEvents } from './synthetic-events.js';
