/**
 * My account / profile (user-centre.md §2 "Profile", §3 "Profile update
 * payload", §5 "Profile" and "Images", §8).
 *
 * - Reads user info: nickname, avatar, registerType, invite code.
 * - Nickname required (p_t_nickname), at most 140 characters.
 * - Avatar: heic, jpg, jpeg or png (illegal_extension), at most 10 MB
 *   (upload_limit). The view compresses images over 0.3 MB and converts heic
 *   to jpeg before sending `avatar.select` (see AVATAR); the machine takes
 *   that Blob, keeps it as a data URL (context stays serialisable, and the
 *   view previews it) and sends it back as a file.
 * - Done submits infoSubmit (multipart: metaData `{ nickName }`, avatar file),
 *   then update_success. On mobile the flow ends ("return to /user"); on
 *   desktop the user info is read again.
 * - Menu: bind e-mail only with flag user/bindEmail and registerType P;
 *   privacy only with flag user/privacy; invite code and service e-mail
 *   copies on desktop.
 * - Log out through a confirm drawer: the session is cleared,
 *   log_out_success; on mobile the user goes to /.
 */
import { assign, fromPromise, setup } from 'xstate';
import { MAX_LEN } from '../../config/constants.ts';
import { clearSession } from '../../state/session.ts';
import { clip } from '../validation/access.ts';
import { checkImage, checkNickname } from '../validation/account.ts';
import { say, type NoticeEvent } from '../notice.ts';
import type { CallResult } from '../../api/client.ts';
import { doneOutput } from '../events.ts';

// ── The input, the context and the events ──

export interface ProfileInput {
  /** Mobile shell: the flow ends after a save (to /user) and a log-out (to /). */
  mobile: boolean;
  /** Site flags user/bindEmail and user/privacy. */
  flags: { bindEmail: boolean; privacy: boolean };
}

export interface ProfileUser {
  uid: string;
  nick: string;
  registerType: 'P' | 'E';
  inviteCode: string;
  email?: string;
  /** `email` waits for its proof (extension: user info `emailPending`). */
  emailPending?: boolean;
  /** Shown with its area code (user-centre.md §3). */
  phone?: string;
  areaCode?: string;
  /** Avatar as the server serves it (a path or data URL). */
  avatar?: string;
}

export interface ProfileContext {
  mobile: boolean;
  flags: ProfileInput['flags'];
  user: ProfileUser | undefined;
  nick: string;
  /** The avatar picked and not yet saved. */
  avatar: { name: string; dataUrl: string } | undefined;
  /** The name of the picked file being read. */
  pending: string | undefined;
  /** What the menu shows. */
  menu: { bindEmail: boolean; privacy: boolean; inviteCode: boolean; serviceEmail: boolean };
  errors: { nick?: string; avatar?: string };
  failure: number | undefined;
  /**
   * What the last save or avatar read came to, until the user edits, picks
   * again or saves again: 'saved' (desktop: the profile is read back),
   * 'unreadable' (the picked file could not be read; nothing was taken).
   */
  outcome: 'saved' | 'unreadable' | undefined;
}

export type ProfileEvent =
  | { type: 'field.change'; field: 'nick'; value: string }
  /** `name` is the picked file's name; `size` its size before compression (default: the Blob's). */
  | { type: 'avatar.select'; file: Blob; name: string; size?: number }
  | { type: 'form.submit' }
  | { type: 'info.reload' }
  | { type: 'logout.open' }
  | { type: 'logout.cancel' }
  | { type: 'logout.confirm' };

export interface ProfileOutput {
  reason: 'saved' | 'loggedOut';
  /** Where the app goes next (mobile); absent: stay (desktop). */
  to?: string;
}

export type InfoResult = CallResult<'userInfo'>;
export type SaveResult = CallResult<'infoSubmit'>;
/** A picked image read as a data URL; no `dataUrl` when it could not be read. */
export interface AvatarRead {
  name: string;
  dataUrl?: string;
}
export interface SaveInput {
  nick: string;
  avatar?: string;
}

// ── Readers ──

export const mimeOf = (name: string, file: Blob) => {
  if (file.type) return file.type;
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'heic' ? 'image/heic' : 'image/jpeg';
};

const pickOf = (e: ProfileEvent) =>
  e.type === 'avatar.select' ? { name: e.name, size: e.size ?? e.file.size } : undefined;

// ── The machine ──

/** Image rules of user-centre.md §5 "Images" and §9. */
export const AVATAR = {
  extensions: ['heic', 'jpg', 'jpeg', 'png'],
  maxBytes: 10 * 1024 * 1024,
  /** The view compresses larger images (quality 0.75, at most 1920 px) before sending them. */
  compressOverBytes: 0.3 * 1024 * 1024,
  compressQuality: 0.75,
  compressMaxPx: 1920,
  /** heic is converted to jpeg at this quality. */
  heicQuality: 0.7,
} as const;

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as NoticeEvent,
    input: {} as ProfileInput,
    output: {} as ProfileOutput,
  },
  actors: {
    loadUser: fromPromise<InfoResult>(async () => {
      throw new Error('profileMachine: provide loadUser');
    }),
    readAvatar: fromPromise<AvatarRead, { file: Blob; name: string }>(async () => {
      throw new Error('profileMachine: provide readAvatar');
    }),
    saveProfile: fromPromise<SaveResult, SaveInput>(async () => {
      throw new Error('profileMachine: provide saveProfile');
    }),
  },
  guards: {
    loaded: (_, p: { code: number }) => p.code === 0,
    saved: (_, p: { code: number }) => p.code === 0,
    /** Saved, on a phone (the phone leaves the flow; the desktop reads it back). */
    savedOnMobile: ({ context }, p: { code: number }) => p.code === 0 && context.mobile,
    avatarRead: (_, p: AvatarRead) => !!p.dataUrl,
    nickValid: ({ context }) => !checkNickname(context.nick),
    imageValid: ({ event }) => {
      const pick = pickOf(event);
      return !!pick && !checkImage(pick, AVATAR);
    },
  },
  actions: {
    takeUser: assign(({ context }, p: InfoResult) => {
      const u = p.data;
      if (!u) return {};
      const user: ProfileUser = {
        uid: u.uid,
        nick: u.nick,
        registerType: u.registerType,
        inviteCode: u.inviteCode,
        ...(u.email ? { email: u.email } : {}),
        ...(u.emailPending ? { emailPending: true } : {}),
        ...(u.phone ? { phone: u.phone } : {}),
        ...(u.areaCode ? { areaCode: u.areaCode } : {}),
        ...(u.avator ? { avatar: u.avator } : {}),
      };
      return {
        user,
        nick: u.nick,
        avatar: undefined,
        failure: undefined,
        menu: {
          bindEmail: context.flags.bindEmail && u.registerType === 'P',
          privacy: context.flags.privacy,
          inviteCode: !context.mobile,
          serviceEmail: !context.mobile,
        },
      };
    }),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    edit: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            nick: clip(event.value, MAX_LEN.nick),
            errors: { ...context.errors, nick: undefined },
            outcome: undefined,
          }
        : {},
    ),
    showNickError: assign(({ context }) => ({
      errors: { ...context.errors, nick: checkNickname(context.nick) },
    })),
    showImageError: assign(({ context, event }) => {
      const pick = pickOf(event);
      return pick ? { errors: { ...context.errors, avatar: checkImage(pick, AVATAR) } } : {};
    }),
    markPending: assign(({ event }) => ({ pending: pickOf(event)?.name, outcome: undefined })),
    takeAvatar: assign(({ context }, p: { name: string; dataUrl: string }) => ({
      avatar: p,
      pending: undefined,
      errors: { ...context.errors, avatar: undefined },
    })),
    unreadable: assign({ pending: undefined, outcome: 'unreadable' as const }),
    somethingWrong: say('tips.something_wrong', 'error'),
    /** A new save starts: what the last one came to no longer stands. */
    forgetOutcome: assign({ outcome: undefined }),
    recordSaved: assign({ failure: undefined, outcome: 'saved' as const }),
    announceSaved: say('tips.update_success'),
    announceLogout: say('log_out_success'),
    /**
     * End the session. The app may provide its session service's log-out
     * (`session.logout`, so the reason reads "logout"); clearing the store is
     * the same for the server, which keeps no log-out call.
     */
    endSession: () => clearSession(),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    mobile: input.mobile,
    flags: input.flags,
    user: undefined,
    nick: '',
    avatar: undefined,
    pending: undefined,
    menu: { bindEmail: false, privacy: false, inviteCode: false, serviceEmail: false },
    errors: {},
    failure: undefined,
    outcome: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'loaded', params: doneOutput },
            target: 'editing',
            actions: { type: 'takeUser', params: doneOutput },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    failed: { on: { 'info.reload': 'loading' } },
    editing: {
      on: {
        'field.change': { actions: 'edit' },
        'avatar.select': [
          { guard: 'imageValid', target: 'readingAvatar', actions: 'markPending' },
          { actions: 'showImageError' },
        ],
        'form.submit': [
          { guard: 'nickValid', target: 'saving', actions: 'forgetOutcome' },
          { actions: 'showNickError' },
        ],
        'logout.open': 'confirmLogout',
      },
    },
    readingAvatar: {
      tags: ['busy'],
      invoke: {
        id: 'readAvatar',
        src: 'readAvatar',
        input: ({ event }) =>
          event.type === 'avatar.select'
            ? { file: event.file, name: event.name }
            : { file: new Blob([]), name: '' },
        onDone: [
          {
            guard: { type: 'avatarRead', params: doneOutput },
            target: 'editing',
            actions: {
              type: 'takeAvatar',
              params: ({ event }) => ({
                name: event.output.name,
                dataUrl: event.output.dataUrl ?? '',
              }),
            },
          },
          { target: 'editing', actions: ['unreadable', 'somethingWrong'] },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({
          nick: context.nick.trim(),
          ...(context.avatar ? { avatar: context.avatar.dataUrl } : {}),
        }),
        onDone: [
          {
            guard: { type: 'savedOnMobile', params: doneOutput },
            target: 'saved',
            actions: ['recordSaved', 'announceSaved'],
          },
          // Desktop: read the saved profile back.
          {
            guard: { type: 'saved', params: doneOutput },
            target: 'loading',
            actions: ['recordSaved', 'announceSaved'],
          },
          { target: 'editing', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    confirmLogout: {
      tags: ['drawer'],
      on: {
        'logout.cancel': 'editing',
        'logout.confirm': { target: 'loggedOut', actions: ['endSession', 'announceLogout'] },
      },
    },
    saved: { type: 'final', tags: ['done'], output: { reason: 'saved', to: '/user' } },
    loggedOut: {
      type: 'final',
      tags: ['done'],
      output: ({ context }) => ({ reason: 'loggedOut', ...(context.mobile ? { to: '/' } : {}) }),
    },
  },
  // The final state's own output (XState types a final state's done event output as unknown).
  output: ({ event }) => event.output as ProfileOutput,
});
