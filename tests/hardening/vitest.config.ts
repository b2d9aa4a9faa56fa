import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@c/source'] },
  ssr: { resolve: { conditions: ['@c/source'] } },
  test: { name: 'hardening', include: ['src/**/*.test.ts'], testTimeout: 60000, hookTimeout: 60000 },
});
