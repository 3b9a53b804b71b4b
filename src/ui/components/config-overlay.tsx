/** The start-up overlay when the site config cannot be loaded (no i18n yet: the spec's English text). */
export function ConfigOverlay() {
  return (
    <div className="overlay" role="alertdialog" aria-modal="true" aria-label="Configuration error">
      <p>Cannot load config, please contact administrator.</p>
    </div>
  );
}
