/** Composition root: mounts the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/app.tsx';
import { watchStaleBuild } from './ui/boot/stale-build-browser.ts';
import './ui/styles.css';

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
