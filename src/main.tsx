/** Composition root: mounts the app, then registers the service worker (production builds). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/app.tsx';
import { watchStaleBuild } from './ui/boot/stale-build-browser.ts';
import './ui/styles.css';

// Start-up stages are marked in the page and the worker (boot:*, sim:*), for traces and the bench.
performance.mark('boot:main');

// Before anything lazy loads: a redeploy under this tab leads to the new build.
watchStaleBuild();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The shell and chunks cached for offline starts (build/pwa.ts); after load, so it never competes with the first price.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {
      /* no worker: the app still runs online */
    });
  });
}
