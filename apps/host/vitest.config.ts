import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@c/source'] },
  ssr: { resolve: { conditions: ['@c/source'] } },
  test: { name: 'host', include: ['src/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 },
});
