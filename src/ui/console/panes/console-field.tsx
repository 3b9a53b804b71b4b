/**
 * A console input with its name shown above it, not only to screen readers:
 * a QA plan says “Delay (ms)” = 3000, and a tester must find that box by the
 * same words (issue 27, item 7: the names were aria-labels only).
 */
import type { ReactNode } from 'react';

export function ConsoleField({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  /** The one input or select it names. */
  children: ReactNode;
}) {
  return (
    <label className={wide ? 'console-field wide' : 'console-field'}>
      <span className="label">{label}</span>
      {children}
    </label>
  );
}
