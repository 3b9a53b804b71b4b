/** Save a data URL (the chart's JPEG) as a file download. */
export function downloadDataUrl(dataUrl: string, fileName: string): void {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'image/jpeg';
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  // A blob URL rather than the data URL: large images and strict CSPs both work.
  const href = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
