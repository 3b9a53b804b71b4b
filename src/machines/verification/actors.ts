/** The verification machine's real actors: load the record, read an image, submit. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { Multipart } from '../../api/contract.ts';
import { doneReply, metaField, settleUnsure } from '../shared/unsure.ts';
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
  submit: fromPromise<SubmitResult, SubmitInput>(async ({ input }) => {
    const body: Multipart = { metaData: input.metaData };
    for (const slot of SLOTS) {
      const url = input.images[slot];
      if (url) body[FILE_FIELDS[slot]] = dataUrlToBlob(url);
    }
    const junior = input.variant === 'junior';
    const r: SubmitResult = await (junior
      ? api.call('juniorAuthSubmit', body, { unsure: true })
      : api.call('authSubmit', body, { unsure: true }));
    // A lost reply: the documents may be under review already; the record
    // says, when it is under review (or decided since) with these details.
    return settleUnsure(
      r,
      () => underReview(api, junior, input.metaData),
      (): SubmitResult => doneReply(null),
      'unsure.kyc',
    );
  }),
});

/** True when the record is under review (or decided since) with the name and number just sent. */
async function underReview(
  api: ApiClient,
  junior: boolean,
  metaData: string,
): Promise<true | undefined> {
  const q = { quiet: true };
  const rec = (
    await (junior ? api.call('juniorAuth', undefined, q) : api.call('auth', undefined, q))
  ).data;
  const same =
    rec?.realName === metaField(metaData, 'realName') &&
    rec?.idCard === metaField(metaData, 'idCard');
  return (same && (rec?.verifiedStatus === 1 || rec?.verifiedStatus === 2)) || undefined;
}
