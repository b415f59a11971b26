import { z } from 'zod';
import { dbText, int4 } from './db-input';

/** 'YYYY-MM-DD', or an ISO datetime whose date part is taken (the spec sends ISO datetimes). */
export const isoDateInputSchema = dbText(40).transform((value) => value.slice(0, 10));

/** Identification payload of spec section 3; imgUrl carries the id the upload endpoint returned. */
export const addIdentificationRequestSchema = z.object({
  userId: int4,
  identificationId: int4,
  identificationNumber: dbText(64),
  issuedDate: isoDateInputSchema,
  expiryDate: isoDateInputSchema,
  countryId: int4.default(1),
  stateId: int4.default(1),
  cityId: int4.default(1),
  imgUrl: dbText(200),
});
export type AddIdentificationRequest = z.input<typeof addIdentificationRequestSchema>;

export const identificationSchema = z.object({
  id: z.number().int(),
  identificationTypeId: z.number().int(),
  identificationType: z.string(),
  identificationNumber: z.string(),
  /** The same number under the name the spec's Ghana Card view reads. */
  identificationNo: z.string(),
  issuedDate: z.string(),
  expiryDate: z.string(),
  fullName: z.string(),
  imageId: z.string(),
});
export type Identification = z.infer<typeof identificationSchema>;
export const identificationListSchema = z.array(identificationSchema);

export const uploadedImageSchema = z.object({
  imageId: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const identificationImageQuerySchema = z.object({ imageId: z.uuid() });

/**
 * GetIdentificationImage's success is the image's bytes (its type in Content-Type), not an envelope: the server
 * streams the file (typed `unknown` so it may), never serialized as JSON; tests check the raw payload.
 */
export const identificationImageBytesSchema = z.custom<unknown>(
  (value) => value instanceof Uint8Array && value.byteLength > 0,
  'the image bytes',
);
