/** Types of the verification machine (../verificationMachine.ts): input, context, events, calls. */
import type { CallResult } from '../../api/client.ts';
import type { IdType, VerifiedStatus } from '../../api/types/user.ts';
import type { FileMeta, ID_IMAGE_KEYS, ImageValue } from '../validation/wallet.ts';
import type { Notice } from '../notice.ts';

export type Variant = 'full' | 'junior';
export type Slot = keyof typeof ID_IMAGE_KEYS;
export type Field = 'realName' | 'idCard' | 'authEmail';

export interface VerificationInput {
  variant: Variant;
  twoTypeVerified?: boolean;
  addVerifiedEmail?: boolean;
  showVerified?: boolean;
  /** Sent in metaData. */
  locale?: string;
}

export interface VerificationContext {
  variant: Variant;
  twoTypeVerified: boolean;
  addVerifiedEmail: boolean;
  showVerified: boolean;
  locale: string;
  /** -1 until the record has loaded. */
  status: VerifiedStatus;
  realName: string;
  idType: IdType | undefined;
  idCard: string;
  authEmail: string;
  /** Images chosen now (data URLs). */
  images: Partial<Record<Slot, ImageValue>>;
  /** Images already on the record (shown until replaced). */
  saved: Partial<Record<Slot, string>>;
  /** The file being read, and its slot. */
  pending: Chosen | undefined;
  /**
   * Files chosen while another is read, in order, one per slot (a later
   * choice for the same slot replaces it): read next, none dropped. A slow
   * phone takes seconds for a HEIC, and the pickers stay usable meanwhile.
   */
  queued: Chosen[];
  /** Failure reason of a rejected verification (status 3). */
  remark: string | undefined;
  /** Status 2 with showVerified: the already-verified message. */
  alreadyVerified: boolean;
  /** Message keys per field or image slot. */
  errors: Partial<Record<Field | Slot, string>>;
  /** Last failing reply code. */
  failure: number | undefined;
  /** A message for the view to toast once. */
  notice: Notice | undefined;
}

/** A chosen image file, for one slot. */
export type Chosen = FileMeta & { slot: Slot; blob: Blob };

export type VerificationEvent =
  | { type: 'field.change'; field: Field; value: string }
  | { type: 'idType.change'; value: IdType | undefined }
  | { type: 'image.select'; slot: Slot; file: FileMeta; blob: Blob }
  | { type: 'image.remove'; slot: Slot }
  | { type: 'form.submit' }
  | { type: 'load.retry' };

export type LoadResult = CallResult<'auth'> | CallResult<'juniorAuth'>;
export type SubmitResult = CallResult<'authSubmit'> | CallResult<'juniorAuthSubmit'>;
export interface SubmitInput {
  variant: Variant;
  metaData: string;
  /** Data URLs of the images to send. */
  images: Partial<Record<Slot, string>>;
}
export interface PrepareInput {
  blob: Blob;
}
