/** The verification machine's real actors: load the record, read an image, submit. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { Multipart } from '../../api/contract.ts';
import { dataUrlToBlob, readImage } from '../validation/wallet.ts';
import {
  SLOTS,
  type LoadResult,
  type PrepareInput,
  type Slot,
  type SubmitInput,
  type SubmitResult,
  type Variant,
} from './machine.ts';

const FILE_FIELDS: Record<Slot, string> = {
  front: 'cardImgFront',
  reverse: 'cardImgReverse',
  avatar: 'cardImgAvatar',
};

/** The real actors: load the record, read an image, submit. */
export const verificationActors = (
  api: ApiClient,
  opts: { prepare?: (blob: Blob) => Promise<string> } = {},
) => ({
  loadRecord: fromPromise<LoadResult, { variant: Variant }>(({ input }) =>
    input.variant === 'junior' ? api.call('juniorAuth') : api.call('auth'),
  ),
  /** The image as a data URL, or null when its bytes are not a picture. */
  prepareImage: fromPromise<string | null, PrepareInput>(async ({ input }) =>
    input.blob ? (opts.prepare ?? readImage)(input.blob).catch(() => null) : null,
  ),
  submit: fromPromise<SubmitResult, SubmitInput>(({ input }) => {
    const body: Multipart = { metaData: input.metaData };
    for (const slot of SLOTS) {
      const url = input.images[slot];
      if (url) body[FILE_FIELDS[slot]] = dataUrlToBlob(url);
    }
    return input.variant === 'junior'
      ? api.call('juniorAuthSubmit', body)
      : api.call('authSubmit', body);
  }),
});
