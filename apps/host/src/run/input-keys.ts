import { ValidationError } from '@c/core';

/** Keys that could reach an object's prototype if some code ever merged an input into an object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The prototypes a plain value's objects and arrays have (JSON.parse's, or none). */
const PLAIN = new Set<unknown>([Object.prototype, Array.prototype, null]);

/**
 * The path of a forbidden key in a parsed value (objects and arrays, any depth), if it holds one;
 * also of a `__proto__` that already became a prototype on the way in (a parser that assigned the
 * key rather than defining it, as a schema validator copying keys into a new object does), which
 * no own key shows any more.
 */
export function forbiddenKeyPath(value: unknown): string[] | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (!PLAIN.has(Object.getPrototypeOf(node))) return [...path, '__proto__'];
    for (const [key, child] of Object.entries(node)) {
      const childPath = [...path, key];
      if (!Array.isArray(node) && FORBIDDEN_KEYS.has(key)) return childPath;
      stack.push({ value: child, path: childPath });
    }
  }
  return undefined;
}

/**
 * Refuses a value holding a `__proto__`, `constructor` or `prototype` key, naming it by its path:
 * the one rule every surface keeps (an HTTP body, MCP arguments over stdio or HTTP, a CLI `-p`
 * JSON value), so the same input is refused the same way wherever it comes from. `where` ends the
 * message: "in a body", "in a command's input".
 */
export function refuseForbiddenKeys(value: unknown, where: string): void {
  const key = forbiddenKeyPath(value);
  if (key === undefined) return;
  throw new ValidationError(
    `Invalid parameter "${key.join('.')}": the key "${key.at(-1)}" is not allowed ${where}`,
    { parameter: key.join('.') },
  );
}
