/**
 * Identity verification (/user/verified, full) and junior verification
 * (/user/juniorVerified and /user/juniorVerfiy): the verification machine's
 * view. The record's status (the failure reason when rejected), then the
 * form while it may be edited: real name, id type (twoTypeVerified), id
 * number, e-mail (addVerifiedEmail, full only) and, for the full variant, the
 * id front, id reverse and a portrait. Verified with showVerified: the
 * already-verified message.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { IdType, VerifiedStatus } from '../../../api/types/user.ts';
import { verificationActors } from '../../../machines/verification/actors.ts';
import {
  SLOTS,
  verificationMachine,
  type Slot,
  type Variant,
} from '../../../machines/verification/machine.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useServices } from '../../services-context.tsx';
import { TextField } from '../../forms/fields.tsx';
import { juniorOffered } from '../../screens/user/account-menu.ts';
import {
  ImagePicker,
  LoadError,
  LoadingRows,
  prepareImage,
  ProfileHeader,
  useAvailable,
} from '../../screens/user/profile-kit.tsx';
import { useNotices } from '../../hooks/use-notices.ts';
import './verification.css';
import { CameraNotice } from '../../components/camera-notice.tsx';
import { inspected } from '../../../machines/inspect.ts';

/** Verification fields are at most 140 characters (user-centre.md §9). */
const FIELD_MAX = 140;
const ID_TYPES: IdType[] = [0, 1, 2];
const STATUS_CLASS: Record<VerifiedStatus, string> = {
  [-1]: 'grey',
  0: 'grey',
  1: 'yellow',
  2: 'blue',
  3: 'red',
};

function StatusLine({ status, remark }: { status: VerifiedStatus; remark: string | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="verification-status" aria-label={t('verified.status')}>
      <div className="row">
        <span className="muted">{t('verified.status')}</span>
        <span className={`status ${STATUS_CLASS[status]}`}>
          {t(`verified.status_${status < 0 ? 'loading' : status}`)}
        </span>
      </div>
      {status === 1 && <p className="muted small">{t('verified.pendingNote')}</p>}
      {status === 3 && (
        <p className="field-error">
          {t('verified.reason')}: {remark || t('verified.noReason')}
        </p>
      )}
    </section>
  );
}

function VerificationForm({ variant }: { variant: Variant }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const flags = useFlags();
  const [state, send, actor] = useMachine(
    verificationMachine.provide({
      actors: verificationActors(api, { prepare: prepareImage }),
    }),
    {
      ...inspected,
      input: {
        variant,
        twoTypeVerified: flags.twoTypeVerified === true,
        addVerifiedEmail: flags.addVerifiedEmail === true,
        showVerified: flags.showVerified === true,
        locale: i18n.language,
      },
    },
  );
  const c = state.context;
  const busy = state.hasTag('busy');
  const editable = state.hasTag('editable');

  useNotices(actor);

  if (state.matches('loading') && c.status === -1) return <LoadingRows rows={4} />;
  if (state.hasTag('error'))
    return (
      <LoadError message={t('verified.loadFailed')} onRetry={() => send({ type: 'load.retry' })} />
    );

  if (state.matches('verified'))
    return (
      <>
        <StatusLine status={c.status} remark={undefined} />
        <div className="empty-state verification-done">
          <span className="verification-check" aria-hidden="true">
            ✓
          </span>
          {c.alreadyVerified && <p role="status">{t('already_verified')}</p>}
          {c.realName && (
            <dl className="kv profile-kv">
              <dt>{t('verified.realName')}</dt>
              <dd>{c.realName}</dd>
              <dt>{t('verified.idCard')}</dt>
              <dd>{c.idCard}</dd>
            </dl>
          )}
        </div>
      </>
    );

  const field = (name: 'realName' | 'idCard' | 'authEmail') => (value: string) =>
    send({ type: 'field.change', field: name, value });
  const slotLabel: Record<Slot, string> = {
    front: t('verified.front'),
    reverse: t('verified.reverse'),
    avatar: t('verified.portrait'),
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <StatusLine status={c.status} remark={c.remark} />
      <fieldset
        className="verification-fieldset"
        disabled={!editable || state.matches('submitting')}
      >
        <TextField
          label={t('verified.realName')}
          autoComplete="name"
          maxLength={FIELD_MAX}
          value={c.realName}
          onValue={field('realName')}
          error={c.errors.realName}
        />
        {c.twoTypeVerified && (
          <div className="field">
            <label htmlFor="verify-id-type">{t('verified.idType')}</label>
            <select
              id="verify-id-type"
              className="input"
              value={c.idType ?? ''}
              onChange={(e) =>
                send({
                  type: 'idType.change',
                  value: e.target.value === '' ? undefined : (Number(e.target.value) as IdType),
                })
              }
            >
              <option value="">{t('verified.idTypeChoose')}</option>
              {ID_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`verified.idType_${v}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <TextField
          label={t('verified.idCard')}
          maxLength={FIELD_MAX}
          value={c.idCard}
          onValue={field('idCard')}
          error={c.errors.idCard}
        />
        {variant === 'full' && c.addVerifiedEmail && (
          <TextField
            label={t('verified.authEmail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={FIELD_MAX}
            value={c.authEmail}
            onValue={field('authEmail')}
            error={c.errors.authEmail}
          />
        )}
        {variant === 'full' && (
          <section className="verification-images" aria-label={t('verified.images')}>
            <h2 className="section-title">{t('verified.images')}</h2>
            <p className="muted small">
              {t(c.status === 0 ? 'verified.imagesRequired' : 'verified.imagesKept')}
            </p>
            <CameraNotice />
            {SLOTS.map((slot) => (
              <ImagePicker
                key={slot}
                label={slotLabel[slot]}
                preview={c.images[slot]?.url ?? c.saved[slot]}
                error={c.errors[slot]}
                // Read now or waiting its turn; the pickers stay usable meanwhile.
                busy={c.pending?.slot === slot || c.queued.some((q) => q.slot === slot)}
                disabled={!editable || state.matches('submitting')}
                onFile={(file) =>
                  send({
                    type: 'image.select',
                    slot,
                    file: { name: file.name, size: file.size, type: file.type },
                    blob: file,
                  })
                }
              >
                {c.images[slot] && (
                  <button
                    type="button"
                    className="link-btn small"
                    aria-label={t('verified.removeImage', { label: slotLabel[slot] })}
                    onClick={() => send({ type: 'image.remove', slot })}
                  >
                    {t('verified.remove')}
                  </button>
                )}
              </ImagePicker>
            ))}
          </section>
        )}
      </fieldset>
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={!editable || busy}
          aria-busy={state.matches('submitting')}
        >
          {state.matches('submitting') ? t('common.loading') : t('verified.submit')}
        </button>
      </div>
    </form>
  );
}

export function Verified() {
  const { t } = useTranslation();
  return (
    <main className="screen profile-screen">
      <ProfileHeader title={t('my.verification')} />
      <VerificationForm variant="full" />
    </main>
  );
}

/** Junior verification: name, id type and number, no images; with two-type verification ({@link juniorOffered}). */
export function JuniorVerified() {
  const { t } = useTranslation();
  const { config } = useServices();
  const flags = useFlags();
  const available = useAvailable(juniorOffered(flags, config.verification));
  return (
    <main className="screen profile-screen">
      <ProfileHeader title={t('verified.juniorTitle')} />
      {available && <VerificationForm variant="junior" />}
    </main>
  );
}
