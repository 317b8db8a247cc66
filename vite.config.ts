import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { pathAliases } from './aliases';

// The API server (server/main.ts) listens on 8080 in development (API_PROXY overrides); everything that
// is not the SPA itself goes to it, so the browser only ever talks to one origin.
const api = process.env.API_PROXY ?? 'http://localhost:8080';

export default defineConfig({
  base: '/admin/',
  root: '.',
  plugins: [react(), precompress()],
  resolve: {
    // contract/'s schemas built by the browser's own small TypeBox (src/lib/typeboxLite.ts says why).
    alias: [
      { find: /^@sinclair\/typebox$/, replacement: path.resolve(import.meta.dirname, 'src/lib/typeboxLite.ts') },
      ...pathAliases,
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      // contract/*.ts builds TypeBox schemas at module level; a page that only needs a
      // constant from it (SESSION_TTL_MS) should not download the schemas for that.
      treeshake: { manualPureFunctions: ['Type', 'defineResource', 'ListEnvelope', 'RecordEnvelope'] },
      output: {
        // The packages every page runs on, in one chunk: fewer small files to fetch (and gzip)
        // than the shared chunks the splitter would cut them into, cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|valtio|proxy-compare|use-sync-external-store|redaxios)[\\/]|^\0(vite\/preload-helper|rolldown\/runtime)/,
            },
          ],
        },
      },
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
        // Every file its compression makes smaller, small ones too: a 700-byte chunk loses half
        // its bytes, and a page loads a dozen such (a file it does not shrink is sent as it is).
        const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = zlib.gzipSync(data, { level: 9 });
        if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
