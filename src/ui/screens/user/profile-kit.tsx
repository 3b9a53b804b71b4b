/**
 * Shared by the profile-area screens (account, password, e-mail, verification,
 * notifications, static pages): the outcome of their machines, image
 * compression, an image picker, the screen header and the "not available
 * here" redirect.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { AnyActorRef } from 'xstate';
import { readImage } from '../../../machines/validation/wallet.ts';
import { pictureType, preparePicture } from '../../images/compress.ts';
import { BackLink } from '../../components/back-link.tsx';
import './profile.css';
import { ServerImg } from '../../components/server-img.tsx';
import { useAvailableOr } from '../../hooks/use-available.ts';

/**
 * Act when the machine ends, in step with its transitions: a flow that ends
 * the session must leave the screen before the route guard sees it signed out
 * (it would send the user to sign in). Its notices are toasted by useNotices.
 */
export function useMachineOutcome<O>(actor: AnyActorRef, onDone: (output: O) => void): void {
  const latest = useRef(onDone);
  useEffect(() => {
    latest.current = onDone;
  });
  useEffect(() => {
    const sub = actor.subscribe((s: { status: string; output?: unknown }) => {
      if (s.status === 'done') latest.current(s.output as O);
    });
    return () => sub.unsubscribe();
  }, [actor]);
}

/** The screen's header: back to the user page, and the title. */
export function ProfileHeader({ title, back = '/user' }: { title: string; back?: string }) {
  return (
    <header className="screen-header profile-header">
      <BackLink to={back} />
      <h1 className="screen-title">{title}</h1>
      <span className="profile-header-end" />
    </header>
  );
}

/** A screen that is not for this site or account: back to /user with a short notice. */
export function useAvailable(available: boolean): boolean {
  return useAvailableOr(available, 'profile.unavailable');
}

export function LoadingRows({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}

export { LoadFailed as LoadError } from '../../components/load-failed.tsx';
export { copyText } from '../../clipboard.ts';

// ---- images (user-centre.md §5 "Images"): one rule for every picture, in ui/images/compress.ts

/** The avatar's compression (the view calls it before the machine sees the file). */
export async function compressImage(
  blob: Blob,
  name: string,
): Promise<{ blob: Blob; name: string }> {
  return preparePicture(blob, name);
}

/** The verification machine's `prepare`: a picture (not just its extension) compressed, as a data URL. */
export async function prepareImage(blob: Blob): Promise<string> {
  if (!(await pictureType(blob))) throw new Error('not an image');
  const { blob: out } = await preparePicture(blob);
  return readImage(out);
}

export const IMAGE_ACCEPT = '.heic,.jpg,.jpeg,.png,image/heic,image/jpeg,image/png';

/** A labelled image input with its preview. */
export function ImagePicker({
  label,
  preview,
  error,
  busy,
  disabled,
  onFile,
  round,
  children,
}: {
  label: string;
  preview: string | undefined;
  error?: string | undefined;
  busy?: boolean;
  disabled?: boolean;
  onFile: (file: File) => void;
  round?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  // A new pick of the same file still reports a change.
  const [inputKey, setInputKey] = useState(0);
  return (
    <div className={`image-picker${round ? ' round' : ''}`}>
      <label htmlFor={id} className="image-box">
        {preview ? (
          <ServerImg src={preview} alt={t('profile.preview', { label })} />
        ) : (
          <span className="image-plus" aria-hidden="true">
            +
          </span>
        )}
        {/* Heard as well as seen: this photo is being read (or waits its turn). */}
        {busy && <span className="spinner small" role="status" aria-label={t('common.loading')} />}
      </label>
      <div className="image-side">
        <span className="image-label">{label}</span>
        <label className={`btn${disabled ? ' disabled' : ''}`} htmlFor={id}>
          {t(preview ? 'profile.replaceImage' : 'profile.chooseImage')}
        </label>
        <input
          key={inputKey}
          id={id}
          type="file"
          className="visually-hidden"
          accept={IMAGE_ACCEPT}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : `${id}-hint`}
          disabled={disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            setInputKey((k) => k + 1);
          }}
        />
        {busy ? (
          <span className="muted small" role="status">
            {t('profile.processingImage')}
          </span>
        ) : error ? (
          <span id={`${id}-err`} className="field-error" role="alert">
            {t(error)}
          </span>
        ) : (
          <span id={`${id}-hint`} className="muted small">
            {t('profile.imageHint')}
          </span>
        )}
        {children}
      </div>
    </div>
  );
}
