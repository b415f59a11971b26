import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IDENTIFICATION_IMAGE_MAX_BYTES,
  sniffImageType,
  type IdentificationImageType,
} from '../domain/identification';
import { HttpError } from './http-error';

/** Enough leading bytes for every signature sniffImageType reads (WebP needs 12). */
const SNIFF_BYTES = 16;

const EXTENSIONS: Record<IdentificationImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface StoredUpload {
  id: string;
  contentType: IdentificationImageType;
  sizeBytes: number;
  /** Relative to the uploads root: `<userId>/<id>.<ext>`. */
  storagePath: string;
}

export const uploadsRoot = (dataDir: string): string => path.resolve(dataDir, 'uploads');

/** The absolute path of a stored file; throws when a stored path would lead outside the uploads root. */
export const resolveStoredPath = (root: string, storagePath: string): string => {
  const absolute = path.resolve(root, storagePath);
  if (!absolute.startsWith(root + path.sep)) throw new Error('stored upload path escapes the uploads root');
  return absolute;
};

class TooLargeError extends Error {}

/** Counts the bytes going through, keeps the first few for sniffing, and stops past the limit. */
const meter = (maxBytes: number) => {
  let sizeBytes = 0;
  let head = Buffer.alloc(0);
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) return done(new TooLargeError());
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      return done(null, chunk);
    },
  });
  return { transform, sizeBytes: () => sizeBytes, head: () => head };
};

/**
 * Streams an uploaded image to `<root>/<userId>/`, at most IDENTIFICATION_IMAGE_MAX_BYTES, its type read from its
 * first bytes. Whatever is refused leaves no file behind: 413 'identification.imageTooLarge', 400
 * 'identification.imageType'. The client's file name and content type are never used.
 */
export const storeUpload = async (
  root: string,
  userId: number,
  file: Readable & { truncated?: boolean },
): Promise<StoredUpload> => {
  // The upload stream fails on a malformed or cut-off body: the client's fault (400), unlike a disk error.
  // It may fail before the pipeline starts, hence `errored` too.
  let malformed = false;
  file.once('error', () => {
    malformed = true;
  });
  const directory = path.join(root, String(userId));
  const id = randomUUID();
  const partial = path.join(directory, `${id}.part`);
  const counted = meter(IDENTIFICATION_IMAGE_MAX_BYTES);
  try {
    await mkdir(directory, { recursive: true });
    await pipeline(file, counted.transform, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    // The multipart parser stops at its own size limit and marks the stream truncated instead of failing it.
    if (file.truncated) throw new TooLargeError();
    const contentType = sniffImageType(counted.head());
    if (!contentType) throw new HttpError(400, 'identification.imageType');
    const storagePath = `${userId}/${id}.${EXTENSIONS[contentType]}`;
    await rename(partial, resolveStoredPath(root, storagePath));
    return { id, contentType, sizeBytes: counted.sizeBytes(), storagePath };
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof TooLargeError) throw new HttpError(413, 'identification.imageTooLarge');
    if ((malformed || file.errored) && !(error instanceof HttpError))
      throw new HttpError(400, 'request.invalid');
    throw error;
  }
};

export const removeStoredUpload = async (root: string, storagePath: string): Promise<void> =>
  rm(resolveStoredPath(root, storagePath), { force: true });
