/** The profile machine's real actors: user info, reading the picked image, infoSubmit. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { toBase64 } from '../../api/aes-codec.ts';
import { dataUrlToBlob } from '../validation/wallet.ts';
import {
  mimeOf,
  type AvatarRead,
  type InfoResult,
  type SaveInput,
  type SaveResult,
} from './machine.ts';

/** The real actors: user info, reading the picked image, infoSubmit. */
export const profileActors = (api: ApiClient) => ({
  loadUser: fromPromise<InfoResult>(() => api.call('userInfo')),
  /** `dataUrl` is absent when the file can no longer be read (removed after picking). */
  readAvatar: fromPromise<AvatarRead, { file: Blob; name: string }>(async ({ input }) => {
    try {
      const bytes = new Uint8Array(await input.file.arrayBuffer());
      const dataUrl = `data:${mimeOf(input.name, input.file)};base64,${toBase64(bytes)}`;
      return { name: input.name, dataUrl };
    } catch {
      return { name: input.name };
    }
  }),
  // Sets the nickname and avatar: sent again it leaves the same profile, so a retry after a lost reply is safe.
  saveProfile: fromPromise<SaveResult, SaveInput>(({ input }) =>
    api.call('infoSubmit', {
      metaData: JSON.stringify({ nickName: input.nick }),
      ...(input.avatar ? { avatar: dataUrlToBlob(input.avatar) } : {}),
    }),
  ),
});
