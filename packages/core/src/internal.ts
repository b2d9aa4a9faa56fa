/**
 * `@c/core/internal`: what a host built on the connectors needs and a connector author does not.
 * Not part of the connector author's API: it may change with the host.
 */
export { checkRunKey, idempotencyKeys, runKeyOf } from './idempotency-key.js';
