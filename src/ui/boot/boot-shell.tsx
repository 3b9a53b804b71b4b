/**
 * index.html's boot shell, drawn by React while start-up runs, so the page
 * does not flash between the two: the very markup the page had before React
 * took #root (with the last-seen prices when shell-paint.ts painted them),
 * kept by `keepBootShell` as the app mounts.
 */
let kept: string | undefined;

export function keepBootShell(root: HTMLElement): void {
  kept ??= root.innerHTML;
}

export function BootShell({ label }: { label: string }) {
  if (!kept) return <div className="boot-shell" role="status" aria-label={label} />;
  // Our own markup, read back from the page (its texts escaped by shell-snapshot.ts).
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: kept }} />;
}
