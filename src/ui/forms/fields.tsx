/** Form fields with labels and spec-keyed error messages, announced to screen readers. */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { IconEye, IconEyeOff } from '../components/icons.tsx';
import { withNodes } from '../components/num-text.tsx';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (v: string) => void;
  /** An i18n key (with optional values) from the machine. */
  error?: string | undefined;
  /** Its values; a number in it is given as a `<Num>`, so it keeps its marks (components/num.tsx). */
  errorValues?: Record<string, unknown> | undefined;
  hint?: ReactNode;
  /** Keep the hint under the error (a range that says how to mend the value). */
  hintWithError?: boolean;
  trailing?: ReactNode;
}

export function TextField({
  label,
  value,
  onValue,
  error,
  errorValues,
  hint,
  hintWithError,
  trailing,
  ...rest
}: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  // The error, then a hint shown with it (a range that says how to mend the value).
  const hintShown = hint && (!error || hintWithError);
  const described = [error && `${id}-err`, hintShown && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        <input
          id={id}
          className="input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => onValue(e.target.value)}
          {...rest}
        />
        {trailing}
      </div>
      {hintShown && !error && (
        <span id={`${id}-hint`} className="muted small">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {withNodes(t, error, errorValues)}
        </span>
      )}
      {hintShown && error && (
        <span id={`${id}-hint`} className="muted small">
          {hint}
        </span>
      )}
    </div>
  );
}

export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="icon-btn inline"
          aria-pressed={shown}
          aria-label={t('form.showPassword')}
          onClick={() => setShown(!shown)}
        >
          {shown ? <IconEyeOff /> : <IconEye />}
        </button>
      }
    />
  );
}

/** A 6-digit code: numeric keyboard, one-time-code autofill, refocused when `focusKey` changes. */
export function CodeField({
  focusKey,
  ...props
}: Omit<FieldProps, 'type'> & { focusKey?: number }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusKey) ref.current?.focus();
  }, [focusKey]);
  const id = useId();
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={ref}
        id={id}
        className="input code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-err` : undefined}
        // No maxLength: the browser would cut a longer paste to its first 6 characters and
        // take them; the machine refuses it whole (trading.md §5) and keeps at most 6 digits.
        onChange={(e) => props.onValue(e.target.value)}
        placeholder={props.placeholder}
        readOnly={props.readOnly}
      />
      {props.error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {t(props.error)}
        </span>
      )}
    </div>
  );
}

export function Check({
  label,
  checked,
  onToggle,
  disabled,
}: {
  label: string;
  checked: boolean;
  onToggle: () => void;
  /** While the form cannot take input (loading, submitting). */
  disabled?: boolean;
}) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={onToggle} disabled={disabled} />
      {label}
    </label>
  );
}
