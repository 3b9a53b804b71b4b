/** The app's root: loaded by the entry (main.tsx) once the early start-up work is under way. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global CSS first (tokens, reset, layout), then the shared control kits, then each
// component's own file as its module loads.
import './styles.css';
import './components/controls.css';
import './components/forms.css';
import './components/lists.css';
import { App } from './app.tsx';
import { headStart } from './boot/head-start.ts';
import { keepBootShell } from './boot/boot-shell.tsx';

export { startRouteScreen } from './router.tsx';

export function mount(el: HTMLElement): void {
  // The config and services start now; the first render runs alongside.
  headStart();
  keepBootShell(el);
  const root = createRoot(el);
  // A transition: React renders the first tree in short slices, not one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
