import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The console is served by the gateway at /console/: hashed assets under /console/assets/ (cached for
// a year), index.html revalidated on every visit. `@regatta/source` makes workspace packages such as
// @regatta/client resolve to their TypeScript sources, as the services' tests do.
export default defineConfig({
  base: '/console/',
  // Every text file also as .br (brotli, quality 11: about 13 % fewer bytes than gzip on this
  // JavaScript) and .gz beside it; the gateway sends the one the browser accepts, compressed once here.
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      threshold: 512,
    }),
  ],
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
