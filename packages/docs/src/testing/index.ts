// `@c/docs/testing`: the Google Docs simulator. One object, `docsSimulator`, starts it; the rest are
// its types and the names older callers use (`startDocsSimulator`, `createDocsHandlers`).
export { type SeededFiles, WIKI_TABS } from './docs-seed.js';
export {
  createDocsHandlers,
  type DocsSandbox,
  type DocsSimulatorConnectionOptions,
  type DocsSimulatorCredentials,
  type DocsSimulatorOptions,
  docsSimulator,
  type RunningDocsSimulator,
  startDocsSimulator,
} from './docs-simulator.js';
export type { DocsSimulatorState, DocsStateSnapshot } from './docs-state.js';
