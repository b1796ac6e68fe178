import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the gateway at /console/: hashed assets under /console/assets/ (cached for
// a year), index.html revalidated on every visit. `@regatta/source` makes workspace packages such as
// @regatta/client resolve to their TypeScript sources, as the services' tests do.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: { conditions: ['@regatta/source', 'browser', 'module', 'import', 'default'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // No inline scripts or styles: the gateway's Content-Security-Policy forbids them.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
