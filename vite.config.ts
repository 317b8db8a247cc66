import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The API server (server/main.ts) listens on 8080 in development (API_PROXY overrides); everything that
// is not the SPA itself goes to it, so the browser only ever talks to one origin.
const api = process.env.API_PROXY ?? 'http://localhost:8080';

export default defineConfig({
  base: '/admin/',
  root: '.',
  plugins: [react(), precompress()],
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

/**
 * Brotli and gzip copies of the built scripts and styles beside them, made once at build time
 * at the highest levels; the server sends the one a browser accepts (`preCompressed` in
 * server/app.ts) instead of compressing on every request or not at all.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (c) => void (outDir = path.resolve(c.root, c.build.outDir)),
    closeBundle() {
      const dir = path.join(outDir, 'assets');
      if (!fs.existsSync(dir)) return;
      for (const name of fs.readdirSync(dir)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(dir, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue; // not worth a second request header's bytes
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}
