import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@c/source'] },
  ssr: { resolve: { conditions: ['@c/source'] } },
  test: { name: 'docs', include: ['src/**/*.test.ts'], testTimeout: 20000 },
});
