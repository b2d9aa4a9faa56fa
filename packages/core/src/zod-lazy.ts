// zod is loaded on first use, not at import: importing a connector (to list its commands, or in a
// CLI that runs one) should not pay for a validator it may not need yet. zod keeps its metadata
// registry on globalThis, so schemas built by this copy and by an ESM `import 'zod'` agree.
import { createRequire } from 'node:module';
import type { z } from 'zod';

/** The `z` namespace of zod 4. */
export type Zod = typeof z;

let loaded: Zod | undefined;

/** Returns zod's `z`, loading it on the first call. */
export function zod(): Zod {
  loaded ??= (createRequire(import.meta.url)('zod') as { z: Zod }).z;
  return loaded;
}

/** A schema, or a function that builds it from `z` when first needed. */
export type SchemaSource<S> = S | ((z: Zod) => S);

/** Memoises a schema source: the builder runs once, on first use. */
export function lazySchema<S>(source: SchemaSource<S>): () => S {
  let built: S | undefined;
  return () => {
    built ??= typeof source === 'function' ? (source as (z: Zod) => S)(zod()) : source;
    return built;
  };
}
