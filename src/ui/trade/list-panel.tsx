/** The desktop list panel: positions or history, for a signed-in user. */
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.ts';
import type { ListTab } from '../../state/ui.ts';
import { PositionsView } from './positions.tsx';
import { HistoryView } from './history.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

export function ListPanel({ tab }: { tab: ListTab }) {
  const { token } = useSnapshot(session);
  if (!token) return <SignInPrompt />;
  return tab === 'position' ? <PositionsView /> : <HistoryView />;
}
