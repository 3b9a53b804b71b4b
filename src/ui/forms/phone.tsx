/** A phone number as country dial code + local number; the value is '+<code> <number>'. */
import { useId } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { recallCountry, rememberCountry } from '../../state/remember.ts';

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

/**
 * The dial code and the rest. A value without a code takes `fallback` (the
 * remembered country on sign-in forms; '' where the code is optional); '+ 123'
 * is a number typed before any code was chosen.
 */
export function splitPhone(value: string, fallback = '1'): [code: string, rest: string] {
  if (/^\+\s/.test(value)) return ['', value.replace(/^\+\s/, '')];
  const m = /^\+(\d{1,3})\s?(.*)$/.exec(value);
  if (!m) return [fallback, value];
  const digits = m[1] as string;
  const code = DIAL_CODES.find((c) => digits.startsWith(c) && digits.length === c.length) ?? digits;
  return [code, (m[2] as string) ?? ''];
}

export function PhoneField({
  label,
  value,
  onValue,
  error,
  optionalCode = false,
  readOnly = false,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  /** While the form's machine cannot take a change (it would drop it): the number read-only, the code disabled. */
  readOnly?: boolean;
  /**
   * The code starts unchosen (an optional phone, user-centre.md §5 bank card:
   * "choose an area code first"); otherwise it starts on the remembered
   * country (trading.md §3), and a choice is remembered.
   */
  optionalCode?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, rest] = splitPhone(value, optionalCode ? '' : (recallCountry() ?? '1'));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        <select
          className="select dial"
          aria-label={t('form.dialCode')}
          value={code}
          disabled={readOnly}
          onChange={(e) => {
            if (!optionalCode) rememberCountry(e.target.value);
            onValue(`+${e.target.value} ${rest}`);
          }}
        >
          {optionalCode && <option value="">{t('form.dialCode')}</option>}
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
          readOnly={readOnly}
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

/**
 * The user's phone with its area code (user-centre.md §3): '+<code> <number>'.
 * The user record gives the number with the code first (no plus), or the
 * national number and an areaCode.
 */
export function displayPhone(phone?: string, areaCode?: string): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return undefined;
  const code = (areaCode ?? '').replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (code) {
    // The number may already carry its code ('+44 …', or '44…' that parses as such).
    const carries =
      (phone ?? '').trim().startsWith('+') ||
      (parsed?.countryCallingCode === code && parsed.isValid());
    return `+${code} ${carries && digits.startsWith(code) ? digits.slice(code.length) : digits}`;
  }
  return parsed ? `+${parsed.countryCallingCode} ${parsed.nationalNumber}` : `+${digits}`;
}
