/**
 * The 3-minute no-manual-close window (trading.md §8 409, issue 25 item 2),
 * shown before the press by the drawer's Close and the desktop row's own
 * Close alike: a disabled button with the time left on the server's clock.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { MANUAL_CLOSE_AFTER_MS } from '../../../config/constants.ts';
import {
  closeAllowedAt,
  secondsUntil,
  type CloseOrderTarget,
} from '../../../machines/closeOrder/machine.ts';
import { serverNow } from '../../../state/server-clock.ts';
import { countdownText } from '../../format.ts';

/** How often a waiting close reads the server's clock. */
const TICK_MS = 250;

/** The server's time now, every 250 ms while `active` (`onTick` must be stable). */
export function useServerTicks(active: boolean, onTick: (now: number) => void): void {
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => onTick(serverNow()), TICK_MS);
    return () => clearInterval(id);
  }, [active, onTick]);
}

/** Whole seconds until the order may be closed by hand (0 when it may, or nothing waits). */
export function useCloseWait(o: CloseOrderTarget): number {
  const [now, setNow] = useState(serverNow);
  const left = secondsUntil(closeAllowedAt(o), now);
  useServerTicks(left > 0, setNow);
  return left;
}

/** Why the close is disabled: "A position can be closed 3 minutes after it opens: 2:41 left". */
export function useCloseAfterText(): (secondsLeft: number) => string {
  const { t } = useTranslation();
  return (secondsLeft) =>
    t('position.closeAfter', {
      minutes: MANUAL_CLOSE_AFTER_MS / 60_000,
      time: countdownText(secondsLeft),
    });
}

/** The disabled close with its countdown ("Close position 2:41"). */
export function CloseWaitButton({
  label,
  secondsLeft,
  className,
  ...rest
}: {
  label: ReactNode;
  secondsLeft: number;
  className: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  title?: string;
}) {
  return (
    <button type="button" className={className} disabled {...rest}>
      {label} <span className="countdown">{countdownText(secondsLeft)}</span>
    </button>
  );
}
