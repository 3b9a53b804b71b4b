/**
 * The withdraw target picker: the chosen saved wallet, coin network or bank
 * card, and the drawer to choose another.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { WithdrawTarget } from '../../../machines/withdraw/machine.ts';
import { Drawer } from '../../components/drawer.tsx';
import type { Send, Snapshot } from './kit.ts';
import { ServerImg } from '../../components/server-img.tsx';

/** How a target reads in the picker and the summary. */
export function targetName(x: WithdrawTarget): string {
  if (x.kind === 'card') return `${x.bankName ?? ''} •••• ${(x.account ?? '').slice(-4)}`;
  return `${x.coin} ${x.protocol ?? ''}`.trim();
}

export function TargetPicker({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const c = state.context;
  const target = c.targets.find((x) => x.id === c.targetId);
  const card = c.tab === 'bank_card';
  const title = t(card ? 'wallet_ui.choose_card' : 'wallet_ui.choose_coin');
  const caption = t(card ? 'wallet_ui.bank_card' : 'wallet_ui.coin_network');
  return (
    <>
      <div className="field">
        <span className="label">{caption}</span>
        <button
          type="button"
          className="card coin-picker"
          onClick={() => setOpen(true)}
          // Named by the caption a person sees over it (WCAG 2.5.3), then what is chosen.
          aria-label={`${caption}: ${target ? targetName(target) : t('wallet_ui.none_chosen')}`}
          disabled={c.submitting}
        >
          {target?.logoUrl && <ServerImg src={target.logoUrl} alt="" width={32} height={32} />}
          <span className="coin-main">
            <b>{target ? targetName(target) : t('wallet_ui.none_chosen')}</b>
            {target?.address && <span className="muted small address">{target.address}</span>}
          </span>
          <span className="muted">›</span>
        </button>
      </div>
      <Drawer open={open} title={title} onClose={() => setOpen(false)}>
        <ul className="choice-list" aria-label={title}>
          {c.targets.map((x) => (
            <li key={x.id}>
              <button
                type="button"
                className={`choice coin-choice${x.id === c.targetId ? ' active' : ''}`}
                aria-pressed={x.id === c.targetId}
                onClick={() => {
                  send({ type: 'target.select', id: x.id });
                  setOpen(false);
                }}
              >
                {x.logoUrl && <ServerImg src={x.logoUrl} alt="" width={28} height={28} />}
                <span className="coin-main">
                  <span>{targetName(x)}</span>
                  {x.address && <span className="muted small address">{x.address}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Drawer>
    </>
  );
}
