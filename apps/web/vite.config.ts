import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The host serves `dist/` at `/` on the same origin as its API, so relative asset paths keep the
// bundle working behind any prefix a proxy adds. No source maps in the build: they would publish the
// UI's sources to anyone who can reach the host (the dev server has its own).
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': process.env.C_HOST_URL ?? 'http://127.0.0.1:8787',
      '/auth': process.env.C_HOST_URL ?? 'http://127.0.0.1:8787',
    },
  },
});
