/**
 * My account (/user/account): the profile machine's view. Avatar with
 * preview, nickname, Done, the menu (bind e-mail, change password, invite
 * code and service e-mail copies on desktop, privacy) and log out through a
 * confirm drawer. On mobile a save returns to /user and a log-out goes to /.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocation } from 'wouter';
import { profileActors } from '../../../machines/profile/actors.ts';
import { profileMachine, type ProfileOutput } from '../../../machines/profile/machine.ts';
import { MAX_LEN } from '../../../config/constants.ts';
import { flagOn } from '../../../config/site.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useServices } from '../../services-context.tsx';
import { useDesktop } from '../../hooks/use-media.ts';
import { TextField } from '../../forms/fields.tsx';
import { displayPhone } from '../../forms/phone.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { MenuRow } from '../../components/menu-row.tsx';
import {
  compressImage,
  copyText,
  ImagePicker,
  LoadError,
  LoadingRows,
  ProfileHeader,
  useMachineOutcome,
} from '../../screens/user/profile-kit.tsx';
import { useNotices } from '../../hooks/use-notices.ts';
import './profile.css';
import { CameraNotice } from '../../components/camera-notice.tsx';
import { inspected } from '../../../machines/inspect.ts';

function ProfileForm({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const { api, config, session } = useServices();
  const flags = useFlags();
  const [, navigate] = useLocation();
  const [state, send, actor] = useMachine(
    profileMachine.provide({
      actors: profileActors(api),
      // The session service's log-out, so the session records why it ended.
      actions: { endSession: () => session.send({ type: 'session.logout' }) },
    }),
    {
      ...inspected,
      input: {
        mobile,
        flags: {
          bindEmail: flags['user/bindEmail'] === true,
          // On unless the site turns it off (§2).
          privacy: flagOn(flags, 'user/privacy'),
        },
      },
    },
  );
  const c = state.context;
  const phone = displayPhone(c.user?.phone, c.user?.areaCode);
  const busy = state.hasTag('busy');
  // Asked of the machine: loading, reading the avatar and saving drop a nickname or a log-out.
  const inert = !state.can({ type: 'logout.open' });
  // The picked image being compressed, before the machine has it.
  const [compressing, setCompressing] = useState(false);

  useNotices(actor);
  useMachineOutcome<ProfileOutput>(actor, (out) => {
    if (out.reason === 'saved') session.send({ type: 'user.reload' });
    // Desktop stays after a save; after a log-out there is no account left to show.
    const to = out.to ?? (out.reason === 'loggedOut' ? '/' : undefined);
    if (to) navigate(to, { replace: true });
  });
  // A save on desktop reads the profile back: the user page and the account corner follow.
  // (The machine forgets the outcome as a new save starts, so each save reloads once.)
  const savedOnDesktop = state.status !== 'done' && c.outcome === 'saved';
  useEffect(() => {
    if (savedOnDesktop) session.send({ type: 'user.reload' });
  }, [savedOnDesktop, session]);

  if (state.matches('loading') && !c.user) return <LoadingRows rows={4} />;
  if (state.matches('failed'))
    return (
      <LoadError message={t('profile.loadFailed')} onRetry={() => send({ type: 'info.reload' })} />
    );

  const pick = async (file: File) => {
    setCompressing(true);
    try {
      const out = await compressImage(file, file.name);
      send({ type: 'avatar.select', file: out.blob, name: out.name, size: file.size });
    } finally {
      setCompressing(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <div className="profile-card">
        <ImagePicker
          round
          label={t('profile.avatar')}
          preview={c.avatar?.dataUrl ?? c.user?.avatar}
          error={c.errors.avatar}
          busy={compressing || state.matches('readingAvatar')}
          disabled={busy || compressing}
          onFile={(f) => void pick(f)}
        >
          <span className="muted small">UID {c.user?.uid}</span>
          {phone && (
            <span className="muted small">
              {t('login.phone')} <span dir="ltr">{phone}</span>
            </span>
          )}
          <CameraNotice />
        </ImagePicker>
      </div>

      <TextField
        label={t('profile.nickname')}
        autoComplete="nickname"
        maxLength={MAX_LEN.nick}
        value={c.nick}
        onValue={(value) => send({ type: 'field.change', field: 'nick', value })}
        error={c.errors.nick}
        readOnly={inert}
      />

      <ul className="menu" aria-label={t('my.menu')}>
        {c.menu.bindEmail && (
          <MenuRow
            to="/user/bindEmail"
            end={
              c.user?.email ? (
                <span className="profile-end-stack">
                  {c.user.email}
                  {c.user.emailPending && (
                    <span className="pending-note"> {t('bindEmail.pending')}</span>
                  )}
                </span>
              ) : undefined
            }
          >
            {t('profile.bindEmail')}
          </MenuRow>
        )}
        <MenuRow to="/user/changePassword">{t('profile.changePassword')}</MenuRow>
        {c.menu.inviteCode && c.user?.inviteCode && (
          <MenuRow
            onClick={() => void copyText(c.user?.inviteCode ?? '', t('copy_success'))}
            end={<b translate="no">{c.user.inviteCode}</b>}
          >
            {t('my.inviteCode')}
          </MenuRow>
        )}
        {c.menu.privacy && <MenuRow to="/user/privacy">{t('profile.privacy')}</MenuRow>}
        <MenuRow to="/user/copyTradeAgreement">{t('profile.copyTradeAgreement')}</MenuRow>
        {c.menu.serviceEmail && (
          <MenuRow
            onClick={() => void copyText(config.serviceEmail, t('copy_success'))}
            end={config.serviceEmail}
          >
            {t('my.contactEmail')}
          </MenuRow>
        )}
        {/* Also while a picture is compressed: its avatar.select would meet the log-out drawer. */}
        <MenuRow inert={inert || compressing} onClick={() => send({ type: 'logout.open' })}>
          {t('my.logout')}
        </MenuRow>
      </ul>

      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={busy || compressing}
          aria-busy={state.matches('saving')}
        >
          {state.matches('saving') ? t('common.loading') : t('profile.done')}
        </button>
      </div>

      <Drawer
        open={state.hasTag('drawer')}
        title={t('my.logout')}
        onClose={() => send({ type: 'logout.cancel' })}
      >
        <p>{t('my.logoutWarning')}</p>
        <div className="form-actions row">
          <button type="button" className="btn" onClick={() => send({ type: 'logout.cancel' })}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn primary"
            onClick={() => send({ type: 'logout.confirm' })}
          >
            {t('common.confirm')}
          </button>
        </div>
      </Drawer>
    </form>
  );
}

export function Account() {
  const { t } = useTranslation();
  const desktop = useDesktop();
  return (
    <main className="screen profile-screen">
      <ProfileHeader title={t('my.account')} />
      {/* The machine's mobile/desktop behaviour is fixed at start: a new one when the layout changes. */}
      <ProfileForm key={desktop ? 'desktop' : 'mobile'} mobile={!desktop} />
    </main>
  );
}
