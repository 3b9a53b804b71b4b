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

/** A console number box with its name above it (a code, a status, a delay, an amount). */
export function ConsoleInput({
  label,
  value,
  onValue,
  inputMode = 'numeric',
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  inputMode?: 'numeric' | 'decimal';
}) {
  return (
    <ConsoleField label={label}>
      <input
        className="input"
        inputMode={inputMode}
        value={value}
        onChange={(e) => onValue(e.target.value)}
      />
    </ConsoleField>
  );
}
