// Vite config for the playground: root is playground/, the page imports rulesets/ and the
// interpreter from the repo, and the rulebooks from ../shared/rulebooks beside the repo.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');

export default defineConfig({
  root: here,
  base: './',
  // The dev server may read the repo and its parent (where shared/rulebooks lives).
  server: { fs: { allow: [resolve(repo, '..')] } },
  worker: { format: 'es' },
  build: {
    outDir: resolve(here, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
  },
});
