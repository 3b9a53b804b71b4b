/**
 * The account of sign-in, sign-up and password reset: the e-mail / phone
 * switch (when the site allows phones) and the matching field.
 */
import { useTranslation } from '../../i18n/react.tsx';
import type { AccountType } from '../../api/types/trading.ts';
import { MAX_LEN } from '../../config/constants.ts';
import { TextField } from './fields.tsx';
import { PhoneField } from './phone.tsx';

export function AccountField({
  phoneEnabled,
  type,
  onType,
  value,
  onValue,
  error,
  autoComplete,
  busy = false,
}: {
  phoneEnabled: boolean;
  type: AccountType;
  onType: (type: AccountType) => void;
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  /** 'username' on sign-in (password managers), 'email' elsewhere. */
  autoComplete: 'username' | 'email';
  /** The form's machine is busy and would drop a change: read-only, the switch inert (focus kept). */
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {phoneEnabled && (
        <div className="segmented block" role="group" aria-label={t('login.accountType')}>
          {(['E', 'P'] as const).map((x) => (
            <button
              key={x}
              type="button"
              aria-pressed={type === x}
              aria-disabled={busy || undefined}
              onClick={() => !busy && onType(x)}
            >
              {t(x === 'E' ? 'login.email' : 'login.phone')}
            </button>
          ))}
        </div>
      )}
      {type === 'P' ? (
        <PhoneField
          label={t('login.phone')}
          value={value}
          onValue={onValue}
          error={error}
          readOnly={busy}
        />
      ) : (
        <TextField
          label={t('login.email')}
          type="email"
          inputMode="email"
          autoComplete={autoComplete}
          maxLength={MAX_LEN.email}
          value={value}
          onValue={onValue}
          error={error}
          readOnly={busy}
        />
      )}
    </>
  );
}
