/** The boot shell of index.html, drawn by React while start-up runs, so the page does not flash between the two. */
export function BootShell({ label }: { label: string }) {
  return (
    <div className="boot-shell" role="status" aria-label={label}>
      <div className="boot-bar">
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
      </div>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="boot-row" />
      ))}
    </div>
  );
}
