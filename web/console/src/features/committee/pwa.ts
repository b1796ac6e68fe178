/**
 * The committee app's service worker (vite-plugin-pwa, Workbox): registered when the committee app
 * opens, not on the console's first load, so the rest of the console pays nothing for it. It keeps
 * the console's built files, and serves the page itself offline for any /console/ address.
 */
import { registerSW } from 'virtual:pwa-register';

let registered = false;

export function registerOffline(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  registerSW({ immediate: true });
}
