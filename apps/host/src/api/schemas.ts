// The host's HTTP API, defined once: Fastify validates requests with JSON Schemas converted from these,
// the OpenAPI document's components are these, and the web UI's types are their `z.infer`. This module
// graph is zod and core's dependency-free error kinds only, so a browser bundle can import it. The
// schemas and their types live by area: `schemas-base.ts` (registries, errors, the catalogue, runs
// in the request), `schemas-connections.ts` (connections, OAuth, sessions, operations),
// `schemas-runs.ts` (async runs) and `schemas-triggers.ts`.
export * from './schemas-base.js';
export * from './schemas-connections.js';
export * from './schemas-runs.js';
export * from './schemas-triggers.js';
