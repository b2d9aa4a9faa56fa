import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// One project: component tests run in jsdom; the browser tests in e2e/ opt into Node with a
// `@vitest-environment node` docblock and drive the real host with Chromium.
export default defineProject({
  plugins: [react()],
  // The browser tests start a simulator from a workspace package's source.
  resolve: { conditions: ['@c/source'] },
  ssr: { resolve: { conditions: ['@c/source'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'e2e/*.e2e.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20000,
    hookTimeout: 120000,
  },
});
