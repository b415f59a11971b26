import { z } from 'zod';
import { API_AMOUNT_MAX } from './db-input';

/** Every answer is `{ code, message, data }`, and the HTTP status equals `code`. */
export const envelopeSchema = <Data extends z.ZodType>(data: Data) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export interface ApiEnvelope<Data> {
  code: number;
  message: string;
  data: Data;
}

/** One broken rule as the server reports it (a 400 lists every one, in the spec's order). */
export const violationSchema = z.object({
  field: z.string(),
  messageId: z.string(),
  message: z.string(),
  /** The values its message names ('{min}'), when it names any. */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Violation = z.infer<typeof violationSchema>;

/** The data of every error answer: the id of its message (so the browser can translate it), and any violations. */
export const errorDataSchema = z.object({
  messageId: z.string(),
  violations: z.array(violationSchema).optional(),
});
export type ErrorData = z.infer<typeof errorDataSchema>;

/** The data of an answer that carries none (log-out, 'otp.sent', 'resetPassword.done'). */
export const noDataSchema = z.null();

/** Every error answer: the envelope around ErrorData. */
export const failureEnvelopeSchema = envelopeSchema(errorDataSchema);

/**
 * A route's `schema.response`: its success status with `data` in the envelope, and the failure envelope for
 * every 4xx and 5xx (the error handler answers those for every route).
 */
export const envelopeResponses = <Status extends 200 | 201 | 202, Data extends z.ZodType>(
  status: Status,
  data: Data,
) =>
  ({
    [status]: envelopeSchema(data),
    '4xx': failureEnvelopeSchema,
    '5xx': failureEnvelopeSchema,
  }) as { [S in Status]: ReturnType<typeof envelopeSchema<Data>> } & {
    '4xx': typeof failureEnvelopeSchema;
    '5xx': typeof failureEnvelopeSchema;
  };

/** A 304 Not Modified: no body (the client's cached copy stands). */
export const notModifiedSchema = z.custom<unknown>(
  (value) => value === undefined || value === '' || (value instanceof Uint8Array && value.byteLength === 0),
  'no body',
);

/**
 * The responses of a reference list served with an ETag (src/server/reference-cache.ts): the envelope, or 304 to a
 * matching If-None-Match.
 */
export const cachedEnvelopeResponses = <Data extends z.ZodType>(data: Data) => ({
  ...envelopeResponses(200, data),
  304: notModifiedSchema,
});

/**
 * A decimal amount of money on the wire: at most two decimals (more is a 400), and small enough that its minor
 * units are an exact integer (far above every domain limit, which keeps its own message).
 */
export const apiAmountSchema = z
  .number()
  .finite()
  .min(-API_AMOUNT_MAX)
  .max(API_AMOUNT_MAX)
  .refine((value) => /^-?\d+(\.\d{1,2})?$/.test(String(value)), 'at most two decimals');
