import { ApiError } from '../contract/failure';
import { currentToken, httpFailureOf, REQUEST_TIMEOUT_MS, unwrap } from './http';

type Call = { signal?: AbortSignal };

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadCall extends Call {
  /** Called from the upload's own progress events (bytes sent so far of the request body). */
  onProgress?: (progress: UploadProgress) => void;
  /** Tests and slow links may wait longer; an upload of 5 MB on 2G takes minutes. */
  timeoutMs?: number;
}

/** Uploads of up to 5 MB over a slow mobile link: far longer than a JSON call may take. */
export const UPLOAD_TIMEOUT_MS = Math.max(REQUEST_TIMEOUT_MS, 5 * 60_000);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * POST one file as multipart (in `field`) to `url` (an API path, with its query). XMLHttpRequest, not fetch: only
 * XHR reports the progress of a request body (`upload.onprogress`), which drives a form's progress bar. Same bearer
 * token as every other call; failures reject with the same ApiError kinds as the wretch client; the caller's signal
 * aborts the upload.
 */
export const uploadFile = <Data>(
  url: string,
  field: string,
  file: Blob,
  call: UploadCall = {},
): Promise<Data> =>
  new Promise<Data>((resolve, reject) => {
    if (call.signal?.aborted) {
      reject(call.signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'text';
    xhr.timeout = call.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const onAbort = () => xhr.abort();
    call.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => call.signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) call.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(unwrap<Data>(body));
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(new ApiError(httpFailureOf(xhr.status, xhr.statusText, body)));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError({ kind: 'network' }));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new ApiError({ kind: 'timeout' }));
    };
    xhr.onabort = () => {
      settle();
      reject(call.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };

    const form = new FormData();
    form.append(field, file, file instanceof File ? file.name : field);
    xhr.send(form);
  });
