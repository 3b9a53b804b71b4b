/**
 * QR codes for deposit addresses, encoded by the `qrcode` package (error
 * correction M, any length the standard allows) and drawn as SVG with a
 * 4-module quiet zone. Text that cannot be encoded shows the caller's fallback.
 */
import { useMemo, type ReactNode } from 'react';
import { create } from 'qrcode';

/** The module matrix of `text` (true = dark), or undefined when it cannot be encoded. */
export function qrMatrix(text: string): boolean[][] | undefined {
  if (!text) return undefined;
  try {
    const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
    return Array.from({ length: size }, (_, y) =>
      Array.from({ length: size }, (_, x) => data[y * size + x] === 1),
    );
  } catch {
    return undefined;
  }
}

/** The SVG path of the dark modules, offset by the quiet zone. */
export function qrPath(m: boolean[][]): string {
  let d = '';
  m.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    }),
  );
  return d;
}

/** A QR code as an SVG image, with a 4-module quiet zone. */
export function QrCode({
  text,
  label,
  fallback,
}: {
  text: string;
  label: string;
  fallback: ReactNode;
}) {
  const m = useMemo(() => qrMatrix(text), [text]);
  if (!m) return <>{fallback}</>;
  const n = m.length + 8;
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={180}
      height={180}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={qrPath(m)} fill="#000" />
    </svg>
  );
}
