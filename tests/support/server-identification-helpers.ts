import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  AddIdentificationRequest,
  Identification,
  UploadedImage,
} from '../../src/contract/identification';
import { apiPaths } from '../../src/contract/paths';
import { addDays, todayIso } from '../../src/domain/calendar';
import { bearer, envelope } from './server-helpers';

/** A real 1x1 PNG, JPEG and WebP, and a PDF: what a phone or a scanner would send. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////' +
    '////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A PNG signature followed by zeros, `size` bytes in all: sniffs as a PNG at any size. */
export const pngOfSize = (size: number): Buffer => {
  const bytes = Buffer.alloc(size);
  PNG.copy(bytes, 0, 0, 8);
  return bytes;
};

export interface Part {
  name: string;
  content: Buffer | string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, byte for byte as a browser sends it. */
export const multipart = (parts: Part[]): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----WalletTestBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const imagePart = (content: Buffer, filename = 'ghana-card.png', contentType = 'image/png'): Part => ({
  name: 'image',
  content,
  filename,
  contentType,
});

export const uploadRequest = (app: FastifyInstance, token: string | null, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: apiPaths.uploadIdentificationImage,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
};

/** Uploads an image and expects it stored. */
export const uploadImage = async (
  app: FastifyInstance,
  token: string,
  content: Buffer = PNG,
): Promise<UploadedImage> => {
  const response = await uploadRequest(app, token, [imagePart(content)]);
  expect(response.statusCode, response.body).toBe(201);
  return envelope<UploadedImage>(response).data;
};

export const getImage = (app: FastifyInstance, token: string | null, imageId: string) =>
  app.inject({
    method: 'GET',
    url: apiPaths.identificationImage,
    query: { imageId },
    headers: token ? bearer(token) : {},
  });

let numberCounter = 0;
/** A 10-digit identification number not used before in this test file (each file has its own database). */
export const freshIdNumber = (): string => String(5_000_000_000 + (numberCounter += 1));

/** A payload every rule accepts (a Ghana Card issued a year ago, valid nine more years). */
export const validIdentification = (
  userId: number,
  imageId: string,
  overrides: Partial<AddIdentificationRequest> = {},
): AddIdentificationRequest => ({
  userId,
  identificationId: 1,
  identificationNumber: freshIdNumber(),
  issuedDate: `${addDays(todayIso(), -365)}T00:00:00.000Z`,
  expiryDate: `${addDays(todayIso(), 9 * 365)}T00:00:00.000Z`,
  countryId: 1,
  stateId: 1,
  cityId: 1,
  imgUrl: imageId,
  ...overrides,
});

export const addIdentification = (app: FastifyInstance, token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: apiPaths.addIdentification,
    payload: payload as object,
    headers: bearer(token),
  });

/** Expects the add to succeed and returns the identification. */
export const addedIdentification = async (
  app: FastifyInstance,
  token: string,
  payload: AddIdentificationRequest,
): Promise<Identification> => {
  const response: LightMyRequestResponse = await addIdentification(app, token, payload);
  expect(response.statusCode, response.body).toBe(201);
  return envelope<Identification>(response).data;
};
