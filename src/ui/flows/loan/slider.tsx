/**
 * The loan screen's labelled range slider with its value and marks (loan
 * amount, term, repayment amount).
 */
import { useId } from 'react';

export function Slider({
  label,
  value,
  min,
  max,
  step,
  marks,
  format,
  onValue,
  disabled,
  error,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  marks: readonly number[];
  format: (v: number) => string;
  onValue: (v: number) => void;
  disabled?: boolean;
  /** Shown under the slider, which is marked invalid and described by it. */
  error?: string | undefined;
}) {
  const id = useId();
  const at = (v: number) => (max > min ? ((v - min) / (max - min)) * 100 : 0);
  return (
    <div className="field loan-slider">
      <div className="loan-slider-head">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id} className="loan-slider-value">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={format(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        list={`${id}-marks`}
        onChange={(e) => onValue(Number(e.target.value))}
      />
      <datalist id={`${id}-marks`}>
        {marks.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <div className="loan-marks" aria-hidden="true">
        {marks.map((m) => (
          <span key={m} style={{ left: `${at(m)}%` }}>
            {format(m)}
          </span>
        ))}
      </div>
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
