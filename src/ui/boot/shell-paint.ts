/**
 * Inlined in index.html right after #root (build/inline-boot.ts), so it runs
 * as the HTML parses, before any module script: on home, on a phone, it
 * paints the last-seen prices over the boot shell's grey rows
 * (shell-snapshot.ts). The desktop's first screen is the workspace, not this
 * list, and keeps the grey rows. React replaces all of it when it mounts.
 */
import { DESKTOP_QUERY } from '../../config/constants.ts';
import { readShellView, shellHtml } from './shell-snapshot.ts';

function paintShell(doc: Document, base: string): boolean {
  const path = doc.location.pathname;
  if (path !== base && `${path}/` !== base) return false;
  if (doc.defaultView?.matchMedia(DESKTOP_QUERY).matches) return false;
  const shell = doc.querySelector('#root > .boot-shell');
  if (!shell) return false;
  const view = readShellView((k) => doc.defaultView?.localStorage.getItem(k) ?? null);
  if (!view) return false;
  doc.documentElement.lang = view.record.lang;
  doc.documentElement.dir = view.record.dir;
  for (const row of shell.querySelectorAll('.boot-row')) row.remove();
  // The note is the status now; the rows say what they are.
  shell.removeAttribute('role');
  shell.removeAttribute('aria-label');
  shell.insertAdjacentHTML('beforeend', shellHtml(view));
  performance.mark('boot:shell-prices');
  return true;
}

try {
  paintShell(document, import.meta.env.BASE_URL);
} catch {
  // Storage blocked or a record this code cannot read: the grey rows stay.
}
