import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthSource } from '../../src/services/http';
import {
  addIdentification,
  getIdentificationImage,
  getIdentifications,
  uploadIdentificationImage,
} from '../../src/services/identification';
import { ApiError } from '../../src/contract/failure';

/** A stand-in XMLHttpRequest: records what is sent and lets the test drive progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  timeout = 0;
  aborted = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const xhr = () => {
  if (!FakeXhr.last) throw new Error('no XMLHttpRequest was made');
  return FakeXhr.last;
};

const image = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'card.jpg', { type: 'image/jpeg' });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setAuthSource({ token: () => 'secret-token', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
});

describe('uploadIdentificationImage', () => {
  it('posts the file as multipart field `image` with the bearer token and reports the upload progress', async () => {
    const progress: { loaded: number; total: number }[] = [];
    const upload = uploadIdentificationImage(image(), { onProgress: (p) => progress.push(p) });
    const request = xhr();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/Transaction/UploadIdentificationImage');
    expect(request.headers.Authorization).toBe('Bearer secret-token');
    expect(request.body).toBeInstanceOf(FormData);
    const sent = (request.body as FormData).get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('card.jpg');

    request.progress(100, 400);
    request.progress(400, 400);
    expect(progress).toEqual([
      { loaded: 100, total: 400 },
      { loaded: 400, total: 400 },
    ]);

    request.answer(201, {
      code: 201,
      message: 'Created',
      data: { imageId: 'img-1', contentType: 'image/jpeg', sizeBytes: 4 },
    });
    await expect(upload).resolves.toEqual({ imageId: 'img-1', contentType: 'image/jpeg', sizeBytes: 4 });
  });

  it('sends no Authorization header when there is no token', () => {
    setAuthSource({ token: () => null, userId: () => 7 });
    void uploadIdentificationImage(image()).catch(() => undefined);
    expect(xhr().headers).not.toHaveProperty('Authorization');
  });

  it('ignores progress events whose total is unknown', () => {
    const onProgress = vi.fn();
    void uploadIdentificationImage(image(), { onProgress });
    xhr().upload.onprogress?.({ lengthComputable: false, loaded: 10, total: 0 });
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('rejects an error answer with an ApiError carrying its status and messageId', async () => {
    const upload = uploadIdentificationImage(image());
    xhr().answer(413, {
      code: 413,
      message: 'Image size too large',
      data: { messageId: 'identification.imageTooLarge' },
    });
    const error = await upload.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toEqual({
      kind: 'http',
      status: 413,
      message: 'Image size too large',
      data: { messageId: 'identification.imageTooLarge' },
    });
  });

  it('maps a network error and a timeout to their ApiError kinds', async () => {
    const lost = uploadIdentificationImage(image());
    xhr().onerror?.();
    await expect(lost).rejects.toMatchObject({ failure: { kind: 'network' } });

    const slow = uploadIdentificationImage(image(), { timeoutMs: 50 });
    expect(xhr().timeout).toBe(50);
    xhr().ontimeout?.();
    await expect(slow).rejects.toMatchObject({ failure: { kind: 'timeout' } });
  });

  it('treats a 2xx answer that is not an envelope as an invalid response', async () => {
    const upload = uploadIdentificationImage(image());
    const request = xhr();
    request.status = 201;
    request.responseText = 'not json';
    request.onload?.();
    await expect(upload).rejects.toMatchObject({ failure: { kind: 'invalid-response' } });
  });

  it('aborts the upload when the caller cancels, rejecting with the abort reason rather than an ApiError', async () => {
    const call = new AbortController();
    const upload = uploadIdentificationImage(image(), { signal: call.signal });
    call.abort();
    expect(xhr().aborted).toBe(true);
    const error = await upload.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('identification calls over the JSON client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  const lastRequest = () => {
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    return { url: String(url), init: init!, headers: new Headers(init!.headers) };
  };

  it('lists the user’s identifications with the bearer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: [] }));
    await expect(getIdentifications()).resolves.toEqual([]);
    expect(lastRequest().url).toBe('/api/User/GetAllIdentificationsByUserId?userId=7');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('adds an identification and maps a 409 to an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        code: 409,
        message: 'User with this ID already exists',
        data: { messageId: 'identification.exists' },
      }),
    );
    const payload = {
      userId: 7,
      identificationId: 1,
      identificationNumber: '1234567890',
      issuedDate: '2020-01-01',
      expiryDate: '2030-01-01',
      imgUrl: 'img-1',
    };
    await expect(addIdentification(payload)).rejects.toMatchObject({
      failure: { kind: 'http', status: 409, data: { messageId: 'identification.exists' } },
    });
    const { url, init } = lastRequest();
    expect(url).toBe('/api/Transaction/AddUserIdentification');
    expect(JSON.parse(String(init.body))).toEqual(payload);
  });

  it('fetches an image as bytes with the bearer', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'Content-Type': 'image/png' } }),
    );
    const blob = await getIdentificationImage('a1b2');
    expect(blob.size).toBe(3);
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/Transaction/GetIdentificationImage?imageId=a1b2');
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('maps a 404 image to an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(
      json(404, { code: 404, message: 'Not found.', data: { messageId: 'notFound' } }),
    );
    await expect(getIdentificationImage('nope')).rejects.toMatchObject({
      failure: { kind: 'http', status: 404 },
    });
  });
});
