/**
 * "Export CSV" for a records list: the whole list with the filters on screen,
 * in the user's language and the site's time zone. Busy while it reads the
 * pages; a failure shows a toast and changes nothing.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { ListCall } from '../../machines/shared/infiniteList/machine.ts';
import { showToast } from '../../state/toasts.ts';
import { TOAST_MS } from '../../config/constants.ts';
import { serverNow } from '../../state/server-clock.ts';
import { useServices } from '../services-context.tsx';
import { formatDateTime } from '../format.ts';
import {
  depositColumns,
  marketColumns,
  optionColumns,
  walletColumns,
  type Column,
  type StatementKind,
} from './columns.ts';
import { download, fetchAll, toCsv } from './statement.ts';
import './export-button.css';

export function ExportCsv({
  kind,
  call,
  payload,
  demo,
}: {
  kind: StatementKind;
  call: ListCall;
  payload?: Record<string, unknown>;
  demo?: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows = await fetchAll(api, { call, ...(payload ? { payload } : {}), demo: !!demo });
      const columns = {
        market: marketColumns,
        option: optionColumns,
        deposit: depositColumns,
        wallet: walletColumns,
      }[kind](t) as Column<unknown>[];
      const day = formatDateTime(serverNow(), true);
      download(`${kind}-${day}.csv`, toCsv(columns, rows));
    } catch {
      showToast(t('statement.failed'), 'error', TOAST_MS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn small statement-export"
      aria-busy={busy}
      disabled={busy}
      onClick={() => void run()}
    >
      {busy ? t('statement.exporting') : t('statement.export')}
    </button>
  );
}
