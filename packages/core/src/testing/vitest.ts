// `@c/core/testing/vitest`: the shared test harness of every connector package. Kept apart from
// `@c/core/testing` because it imports vitest, which a host running the sandbox must not need.
export { failure, type Harness, type HarnessOptions, useSimulator } from './harness.js';
