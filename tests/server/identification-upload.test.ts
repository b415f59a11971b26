import { readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../src/contract/identification';
import { apiPaths } from '../../src/contract/paths';
import { IDENTIFICATION_IMAGE_MAX_BYTES } from '../../src/domain/identification';
import { domainMessages } from '../../src/domain/messages';
import { identificationImages } from '../../src/server/db/schema';
import { UPLOADS_PER_HOUR } from '../../src/server/routes/identification/identification-routes';
import {
  getImage,
  imagePart,
  JPEG,
  multipart,
  PDF,
  PNG,
  pngOfSize,
  uploadImage,
  uploadRequest,
  WEBP,
} from '../support/server-identification-helpers';
import { bearer, envelope, signedInUser } from '../support/server-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app);
  other = await signedInUser(t.app);
});
afterAll(async () => t?.close());

const uploadsOf = (userId: number) => path.join(t.config.DATA_DIR, 'uploads', String(userId));
const filesOf = async (userId: number) =>
  (await readdir(uploadsOf(userId)).catch(() => [] as string[])).sort();
const imageRows = (userId: number) =>
  t.database.db.select().from(identificationImages).where(eq(identificationImages.userId, userId));

const expectError = (
  response: Awaited<ReturnType<typeof uploadRequest>>,
  status: number,
  messageId: string,
) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = envelope<{ messageId: string }>(response);
  expect(body.data.messageId).toBe(messageId);
  expect(body.message).toBe(domainMessages[messageId as keyof typeof domainMessages]);
};

describe('uploading an ID image', () => {
  it('stores a PNG under DATA_DIR/uploads/<userId>/<imageId>.png and records it, whatever the name claims', async () => {
    const response = await uploadRequest(t.app, owner.token, [
      imagePart(PNG, '../../../etc/passwd.exe', 'application/x-msdownload'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = envelope<UploadedImage>(response);
    expect(data).toEqual({ imageId: expect.any(String), contentType: 'image/png', sizeBytes: PNG.length });
    expect(data.imageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const stored = path.join(uploadsOf(owner.userId), `${data.imageId}.png`);
    expect(await readFile(stored)).toEqual(PNG);
    const [row] = (await imageRows(owner.userId)).filter((image) => image.id === data.imageId);
    expect(row).toMatchObject({
      contentType: 'image/png',
      sizeBytes: PNG.length,
      storagePath: `${owner.userId}/${data.imageId}.png`,
    });
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['WebP', WEBP, 'image/webp', 'webp'],
  ])(
    'reads a %s from its bytes although the client calls it image/png',
    async (_kind, bytes, type, extension) => {
      const data = await uploadImage(t.app, owner.token, bytes);
      expect(data).toMatchObject({ contentType: type, sizeBytes: bytes.length });
      expect(await filesOf(owner.userId)).toContain(`${data.imageId}.${extension}`);
    },
  );

  it.each([
    ['a PDF renamed .png', PDF],
    ['an empty file', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is not an image at all')],
    ['a truncated PNG signature', PNG.subarray(0, 4)],
  ])('refuses %s with 400 and keeps nothing', async (_kind, bytes) => {
    const before = await filesOf(other.userId);
    const rowsBefore = (await imageRows(other.userId)).length;
    const response = await uploadRequest(t.app, other.token, [imagePart(bytes, 'scan.png', 'image/png')]);
    expectError(response, 400, 'identification.imageType');
    expect(await filesOf(other.userId)).toEqual(before);
    expect(await imageRows(other.userId)).toHaveLength(rowsBefore);
  });

  it('refuses 5 MB + 1 byte with 413 and leaves no file behind', async () => {
    const before = await filesOf(other.userId);
    const response = await uploadRequest(t.app, other.token, [
      imagePart(pngOfSize(IDENTIFICATION_IMAGE_MAX_BYTES + 1)),
    ]);
    expectError(response, 413, 'identification.imageTooLarge');
    expect(response.json().message).toBe('Image size too large');
    expect(await filesOf(other.userId)).toEqual(before);
  });

  it.each([
    ['declares its length', true],
    ['is sent in chunks', false],
  ])(
    'over a real socket, a 40 MB upload that %s gets its 413 without being read to the end',
    async (_how, declared) => {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const { payload, headers } = multipart([imagePart(pngOfSize(40 * 1024 * 1024))]);
      let written = 0;
      const answer = await new Promise<{ status?: number; connection?: string; body: string }>(
        (resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: apiPaths.uploadIdentificationImage,
              headers: {
                ...headers,
                ...bearer(other.token),
                ...(declared ? { 'content-length': payload.length } : {}),
              },
            },
            (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () =>
                resolve({ status: response.statusCode, connection: response.headers.connection, body }),
              );
            },
          );
          // Writing after the server closed may fail; only a failure before any answer counts.
          request.on('error', reject);
          const pump = () => {
            while (written < payload.length && !request.destroyed) {
              const more = request.write(payload.subarray(written, written + 65_536));
              written += 65_536;
              if (!more) return void request.once('drain', pump);
            }
            request.end();
          };
          pump();
        },
      );
      expect(answer.status, answer.body).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 413, message: 'Image size too large' });
      expect(answer.connection).toBe('close');
      expect(written).toBeLessThan(payload.length);
      expect(await filesOf(other.userId)).not.toContainEqual(expect.stringMatching(/\.part$/));
    },
  );

  it('accepts exactly 5 MB when it sniffs as an image', async () => {
    const data = await uploadImage(t.app, other.token, pngOfSize(IDENTIFICATION_IMAGE_MAX_BYTES));
    expect(data).toMatchObject({ contentType: 'image/png', sizeBytes: IDENTIFICATION_IMAGE_MAX_BYTES });
    const stored = await readFile(path.join(uploadsOf(other.userId), `${data.imageId}.png`));
    expect(stored.length).toBe(IDENTIFICATION_IMAGE_MAX_BYTES);
  });

  it('stores only the first file of a request that sends two', async () => {
    const response = await uploadRequest(t.app, owner.token, [imagePart(PNG), imagePart(JPEG, 'b.jpg')]);
    expect(response.statusCode, response.body).toBe(201);
    expect(envelope<UploadedImage>(response).data.contentType).toBe('image/png');
  });

  describe('bad requests answer 4xx, never 500', () => {
    it('no file part: 400 imageRequired', async () => {
      expectError(await uploadRequest(t.app, owner.token, []), 400, 'identification.imageRequired');
      expectError(
        await uploadRequest(t.app, owner.token, [{ name: 'note', content: 'no file here' }]),
        400,
        'identification.imageRequired',
      );
    });

    it('a file under another field name: 400 imageRequired', async () => {
      const response = await uploadRequest(t.app, owner.token, [{ ...imagePart(PNG), name: 'photo' }]);
      expectError(response, 400, 'identification.imageRequired');
    });

    it('a JSON body or no body: 400', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: apiPaths.uploadIdentificationImage,
        payload: { image: PNG.toString('base64') },
        headers: bearer(owner.token),
      });
      expectError(json, 400, 'request.invalid');
      const empty = await t.app.inject({
        method: 'POST',
        url: apiPaths.uploadIdentificationImage,
        headers: bearer(owner.token),
      });
      expectError(empty, 400, 'request.invalid');
    });

    it('multipart without a boundary or with a broken body: 400', async () => {
      const noBoundary = await t.app.inject({
        method: 'POST',
        url: apiPaths.uploadIdentificationImage,
        payload: PNG,
        headers: { 'content-type': 'multipart/form-data', ...bearer(owner.token) },
      });
      expectError(noBoundary, 400, 'request.invalid');
      const { payload, headers } = multipart([imagePart(PNG)]);
      const cut = await t.app.inject({
        method: 'POST',
        url: apiPaths.uploadIdentificationImage,
        payload: payload.subarray(0, payload.length - 30),
        headers: { ...headers, ...bearer(owner.token) },
      });
      expect(cut.statusCode, cut.body).toBe(400);
      envelope(cut);
    });

    it('an unsupported content type: 415', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.uploadIdentificationImage,
        payload: PNG,
        headers: { 'content-type': 'image/png', ...bearer(owner.token) },
      });
      expectError(response, 415, 'request.invalid');
    });

    it('no token: 401 and nothing stored', async () => {
      const response = await uploadRequest(t.app, null, [imagePart(PNG)]);
      expectError(response, 401, 'auth.required');
    });
  });

  it(`allows ${UPLOADS_PER_HOUR} uploads an hour per user, then 429; other users are not affected`, async () => {
    const busy = await signedInUser(t.app);
    for (let index = 0; index < UPLOADS_PER_HOUR; index += 1) await uploadImage(t.app, busy.token);
    expectError(await uploadRequest(t.app, busy.token, [imagePart(PNG)]), 429, 'request.tooMany');
    expect(await imageRows(busy.userId)).toHaveLength(UPLOADS_PER_HOUR);
    await uploadImage(t.app, other.token);
  });
});

describe('reading an ID image', () => {
  it('streams the owner their bytes with the stored type and private, no-sniff, inline headers', async () => {
    const { imageId } = await uploadImage(t.app, owner.token, JPEG);
    const response = await getImage(t.app, owner.token, imageId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(JPEG);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(JPEG.length),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    });
  });

  it("answers 404 for another user's image, exactly as for an unknown one", async () => {
    const { imageId } = await uploadImage(t.app, owner.token);
    const theirs = await getImage(t.app, other.token, imageId);
    const unknown = await getImage(t.app, other.token, crypto.randomUUID());
    expectError(theirs, 404, 'notFound');
    expectError(unknown, 404, 'notFound');
    expect(theirs.body).toBe(unknown.body);
  });

  it('needs a token (401) and a well-formed id (400)', async () => {
    const { imageId } = await uploadImage(t.app, owner.token);
    expectError(await getImage(t.app, null, imageId), 401, 'auth.required');
    expectError(await getImage(t.app, owner.token, '../../etc/passwd'), 400, 'request.invalid');
    const missing = await t.app.inject({
      method: 'GET',
      url: apiPaths.identificationImage,
      headers: bearer(owner.token),
    });
    expectError(missing, 400, 'request.invalid');
  });

  it('never serves a file outside the uploads folder, even if a row were tampered with', async () => {
    const { imageId } = await uploadImage(t.app, owner.token);
    const secret = path.join(t.config.DATA_DIR, 'secret.txt');
    await writeFile(secret, 'not for you');
    await t.database.db
      .update(identificationImages)
      .set({ storagePath: '../secret.txt' })
      .where(eq(identificationImages.id, imageId));
    const response = await getImage(t.app, owner.token, imageId);
    expectError(response, 404, 'notFound');
    expect(response.body).not.toContain('not for you');
  });

  it('answers 404 (not 500) when the stored file has gone', async () => {
    const { imageId } = await uploadImage(t.app, owner.token);
    await t.database.db
      .update(identificationImages)
      .set({ storagePath: `${owner.userId}/gone.png` })
      .where(eq(identificationImages.id, imageId));
    expectError(await getImage(t.app, owner.token, imageId), 404, 'notFound');
  });
});
