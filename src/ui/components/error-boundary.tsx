/**
 * Catches a render error (a lazy chunk that failed to load after a
 * redeploy, or any other crash) so the user never sits on a white page: a
 * failed chunk reloads the app to / on the new build (once per build), other
 * errors offer a reload.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { isChunkError } from '../boot/stale-build.ts';
import { recoverFromStaleBuild } from '../boot/stale-build-browser.ts';

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (a new route gets a fresh try). */
  resetKey?: string;
}
interface State {
  error: unknown;
  resetKey: string | undefined;
  /** A reload to the new build is under way. */
  reloading: boolean;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey
      ? { resetKey: props.resetKey, error: undefined, reloading: false }
      : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkError(error)) {
      this.setState({ reloading: recoverFromStaleBuild() });
      return;
    }
    console.error('render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return <Fallback stale={isChunkError(this.state.error)} reloading={this.state.reloading} />;
  }
}

function Fallback({ stale, reloading }: { stale: boolean; reloading: boolean }) {
  const { t } = useTranslation();
  if (reloading)
    return (
      <div className="error-screen" role="status">
        <div className="spinner" />
        <p>{t('shell.update_loading')}</p>
      </div>
    );
  return (
    <div className="error-screen" role="alert">
      <p>{t(stale ? 'shell.load_failed' : 'shell.crash')}</p>
      <button
        type="button"
        className="btn primary"
        onClick={() => window.location.replace(import.meta.env.BASE_URL)}
      >
        {t('shell.reload')}
      </button>
    </div>
  );
}
