import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The API server (server/main.ts) listens on 8080 in development; everything that
// is not the SPA itself goes to it, so the browser only ever talks to one origin.
const api = 'http://localhost:8080';

export default defineConfig({
  base: '/admin/',
  root: '.',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
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
