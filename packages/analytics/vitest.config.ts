import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@c/source'] },
  ssr: { resolve: { conditions: ['@c/source'] } },
  test: { name: 'analytics', include: ['src/**/*.test.ts'], testTimeout: 20000 },
});
