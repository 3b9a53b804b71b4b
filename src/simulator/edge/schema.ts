/** What a call's schema is: any valibot schema over the decoded payload. */
import type * as v from 'valibot';

export type CallSchema = v.GenericSchema;
