import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/bin.ts', 'src/cli.ts', 'src/index.ts', 'src/api/index.ts', 'src/run/confirm-policy.ts'],
  format: ['esm'],
  // `npm start` builds without declarations (C_BUILD_TYPES=0, scripts/bootstrap.mjs)
  dts:
    process.env.C_BUILD_TYPES === '0'
      ? false
      : { entry: ['src/index.ts', 'src/api/index.ts', 'src/run/confirm-policy.ts'] },
  clean: true,
  sourcemap: true,
  target: 'node22',
  splitting: true,
  // `node:sqlite` exists only with its prefix: keep every `node:` import as written.
  removeNodeProtocol: false,
});
