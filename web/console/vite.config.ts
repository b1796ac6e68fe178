import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The console is served by the gateway at /console/: hashed assets under /console/assets/ (cached for
// a year), index.html revalidated on every visit. `@regatta/source` makes workspace packages such as
// @regatta/client resolve to their TypeScript sources, as the services' tests do.
/**
 * src/boot.ts is an entry of its own, linked first in the page (async): it starts the first
 * requests while the main code is still downloading (src/app/early.ts).
 */
function bootFirst(): Plugin {
  return {
    name: 'regatta-boot-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const boot = Object.values(context.bundle ?? {}).find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'boot');
        if (!boot || boot.type !== 'chunk') throw new Error('the boot entry is missing from the build');
        // First in the page, with what it imports preloaded: the browser opens at most six
        // connections, and the boot script must not queue behind the large chunks.
        return [
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/console/${boot.fileName}` }, injectTo: 'head-prepend' },
          ...boot.imports.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/console/${file}` }, injectTo: 'head-prepend' as const })),
        ];
      },
    },
  };
}

export default defineConfig({
  base: '/console/',
  // Every text file also as .br (brotli, quality 11: about 13 % fewer bytes than gzip on this
  // JavaScript) and .gz beside it; the gateway sends the one the browser accepts, compressed once here.
  plugins: [
    react(),
    bootFirst(),
    // The committee app is installable and works offline: a web app manifest linked from every console
    // page, and a Workbox service worker (registered by the committee screens only, features/committee/
    // pwa.ts) that keeps the built files and answers every /console/ address with the page offline.
    // The same worker takes web push (src/sw/push-sw.ts, imported as /console/push-sw.js): the
    // notification settings register it too when a person asks for notifications in this browser.
    VitePWA({
      injectRegister: false,
      registerType: 'prompt',
      scope: '/console/',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Regatta committee boat',
        short_name: 'Committee',
        description: 'Start sequences and finishes on the water, with or without signal.',
        start_url: '/console/',
        scope: '/console/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b5cad',
        icons: [{ src: '/console/committee-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        navigateFallback: '/console/index.html',
        navigateFallbackAllowlist: [/^\/console\//],
        cleanupOutdatedCaches: true,
        // Hashed files never change; the page is revalidated by the precache's revision.
        dontCacheBustURLsMatching: /\/assets\/.+-[\w-]{8}\./,
        importScripts: ['push-sw.js'],
      },
    }),
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
    rollupOptions: {
      input: { index: 'index.html', boot: 'src/boot.ts', 'push-sw': 'src/sw/push-sw.ts' },
      // The push handler is a classic script the service worker imports by a fixed name at the
      // console's root (revalidated on every visit, like the worker itself), its names kept out of the
      // worker's global scope by a function around it; the rest is hashed.
      output: {
        entryFileNames: (chunk) => (chunk.name === 'push-sw' ? 'push-sw.js' : 'assets/[name]-[hash].js'),
        banner: (chunk) => (chunk.name === 'push-sw' ? '(() => {' : ''),
        footer: (chunk) => (chunk.name === 'push-sw' ? '})();' : ''),
      },
    },
  },
});
