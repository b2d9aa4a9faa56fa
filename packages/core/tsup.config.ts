import { defineConfig } from 'tsup';

export default defineConfig({
  entry: [
    'src/index.ts',
    'src/errors/kinds.ts',
    'src/internal.ts',
    'src/lookup.ts',
    'src/testing/index.ts',
    'src/testing/vitest.ts',
  ],
  format: ['esm'],
  // `npm start` builds without declarations (C_BUILD_TYPES=0, scripts/bootstrap.mjs)
  dts: process.env.C_BUILD_TYPES !== '0',
  clean: true,
  sourcemap: true,
  target: 'node22',
  splitting: true,
});
