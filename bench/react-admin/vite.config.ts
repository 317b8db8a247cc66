// The react-admin baseline of bench/bytes.ts, built by the project's own Vite and React plugin
// (resolved from the project root), its packages from bench/react-admin/node_modules.
//   npx vite build --config bench/react-admin/vite.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  // Only what this folder installs: no stray copy of React from the project above it.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true },
  logLevel: 'warn',
});
