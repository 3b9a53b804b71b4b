/** The boot shell of index.html, drawn by React while start-up runs, so the page does not flash between the two. */
export function BootShell({ label }: { label: string }) {
  return (
    <div className="boot-shell" role="status" aria-label={label}>
      <div className="boot-bar">
        <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#2563eb" />
          <path
            d="M6 22l6-7 5 4 9-10"
            stroke="#fff"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="boot-row" />
      ))}
    </div>
  );
}
