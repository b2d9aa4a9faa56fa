/**
 * `@c/core/internal`: what a host built on the connectors needs and a connector author does not (run
 * keys, redaction, toolset checks, labels of choices, the HTTP client's building blocks). Not part of
 * the connector author's API: it may change with the host.
 */
export { choiceLabels } from './choice.js';
export { toValidationError } from './command.js';
export { guardHeaders, shapeCustomResult } from './custom-action.js';
export { joinPath, parseHttpUrl } from './http/base-url.js';
export type { ConcurrencySlots } from './http/concurrency.js';
export { encodeForm, encodeQuery } from './http/encode.js';
export { backoffDelay } from './http/retry.js';
export { checkRunKey, idempotencyKeys, runKeyOf } from './idempotency-key.js';
export { maskSecret, redact, redactDeep } from './redact.js';
export { RESULT_VIEW_KEYWORDS } from './result-view.js';
export { checkIdempotencyKey } from './run-command.js';
export { CORE_TOOLSET, checkToolsets } from './toolsets.js';
