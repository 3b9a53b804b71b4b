/** Types of the profile machine (../profileMachine.ts): input, context, events, output, calls. */
import type { CallResult } from '../../api/client.ts';
import type { Notice } from '../notice.ts';

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
  notice: Notice | undefined;
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
