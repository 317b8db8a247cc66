import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The API server (server/main.ts) listens on 8080 in development (API_PROXY overrides); everything that
// is not the SPA itself goes to it, so the browser only ever talks to one origin.
const api = process.env.API_PROXY ?? 'http://localhost:8080';

export default defineConfig({
  base: '/admin/',
  root: '.',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      // contract/*.ts builds TypeBox schemas at module level; a page that only needs a
      // constant from it (SESSION_TTL_MS) should not download TypeBox for that.
      treeshake: { manualPureFunctions: ['Type', 'defineResource', 'ListEnvelope', 'RecordEnvelope'] },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/admin/v1': api,
      '/uploads': api,
      '/health': api,
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'contract/**/*.test.ts'],
    environment: 'node',
  },
});
