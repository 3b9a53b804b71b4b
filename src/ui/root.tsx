/** The app's root: loaded by the entry (main.tsx) once the early start-up work is under way. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { headStart } from './boot/head-start.ts';
import './styles.css';

export function mount(el: HTMLElement): void {
  // The config and services start now; the first render runs alongside.
  headStart();
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
