/** Console pane: the signed-in user's money, trade ban and two-factor; any user's responsible-trading limits. */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../../i18n/react.tsx';
import { decodeToken, session } from '../../../state/session.ts';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { run } from './pane-helpers.ts';
import { ConsoleInput } from './console-field.tsx';
import { Responsible } from './responsible.tsx';

export function Account({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const uid = decodeToken(token)?.uid;
  const [amount, setAmount] = useState('10000');
  if (!uid)
    return (
      <>
        <p className="muted">{t('tips.login_required')}</p>
        <Responsible bo={bo} uid={undefined} />
      </>
    );
  return (
    <>
      <p>UID {uid}</p>
      <div className="console-row">
        <ConsoleInput
          label={t('console.amount')}
          value={amount}
          onValue={setAmount}
          inputMode="decimal"
        />
        <button
          type="button"
          className="btn primary"
          onClick={() => run(bo.creditDeposit(uid, amount), t('console.credited'))}
        >
          {t('console.credit')}
        </button>
      </div>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTradeBanned(uid, true), t('console.done'))}
        >
          {t('console.ban')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTradeBanned(uid, false), t('console.done'))}
        >
          {t('console.unban')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTwoFactor(uid, true), t('console.done'))}
        >
          {t('console.twoFactor')}
        </button>
      </div>
      <Responsible bo={bo} uid={uid} />
    </>
  );
}
