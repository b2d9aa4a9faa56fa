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
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node22',
  splitting: true,
});
