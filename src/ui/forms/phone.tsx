/** A phone number as country dial code + local number; the value is '+<code> <number>'. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const DIAL_CODES = [
  '1',
  '44',
  '86',
  '852',
  '886',
  '81',
  '82',
  '65',
  '61',
  '62',
  '66',
  '84',
  '49',
  '33',
  '39',
  '34',
  '91',
  '60',
  '63',
  '971',
];

export function splitPhone(value: string): [code: string, rest: string] {
  const m = /^\+(\d{1,3})\s?(.*)$/.exec(value);
  if (!m) return ['1', value];
  const digits = m[1] as string;
  const code = DIAL_CODES.find((c) => digits.startsWith(c) && digits.length === c.length) ?? digits;
  return [code, (m[2] as string) ?? ''];
}

export function PhoneField({
  label,
  value,
  onValue,
  error,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, rest] = splitPhone(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        <select
          className="select dial"
          aria-label={t('form.dialCode')}
          value={code}
          onChange={(e) => onValue(`+${e.target.value} ${rest}`)}
        >
          {DIAL_CODES.map((c) => (
            <option key={c} value={c}>
              +{c}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={rest}
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => onValue(`+${code} ${e.target.value}`)}
        />
      </div>
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {t(error)}
        </span>
      )}
    </div>
  );
}
