// The harness pages of bench/browser.ts, built by the same Vite and React plugin as the app:
// cmdk as it comes over 50,000 items (palette.html), and the offers table over 100,000 rows,
// virtualized or not (list.html), and the palette's matcher beside the filter it replaced
// (match.html). bench/browser.ts builds them into a temporary folder.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  build: {
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        palette: path.join(here, 'palette.html'),
        list: path.join(here, 'list.html'),
        match: path.join(here, 'match.html'),
      },
    },
  },
});
