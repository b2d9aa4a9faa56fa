// `@c/docs/testing`: the Google Docs simulator, `docsSimulator` (`startDocsSimulator` is its `start`),
// its request handlers over one state for tests that serve them themselves, and its types.
export { type SeededFiles, WIKI_TABS } from './google-seed.js';
export {
  createDocsHandlers,
  type DocsSimulatorConnectionOptions,
  type DocsSimulatorCredentials,
  type DocsSimulatorOptions,
  docsSimulator,
  type RunningDocsSimulator,
  startDocsSimulator,
} from './google-simulator.js';
export type { DocsSimulatorState, DocsStateSnapshot } from './google-state.js';
