import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get, post, request, setAuthSource } from '../../src/services/http';
import { apiPaths, unauthenticatedPaths, type ApiPath } from '../../src/contract/paths';
import { ApiError } from '../../src/contract/failure';
import { getCountries, getBanksByCountry } from '../../src/services/reference';
import { logIn, logOut, validateToken } from '../../src/services/user';
import { getWalletAmount } from '../../src/services/wallet';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
};

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).failure;
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setAuthSource({ token: () => 'secret-token', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setAuthSource(null);
});

describe('bearer token', () => {
  it('is attached to a protected call', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: { walletAmount: 12.5 } }));
    await expect(getWalletAmount()).resolves.toEqual({ walletAmount: 1250 });
    const { url, headers, init } = lastRequest();
    expect(url).toBe('/api/User/GetWalletAmountByUserId?userId=7');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it.each(unauthenticatedPaths.map((path) => [path]))('is never sent to %s', async (path: ApiPath) => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: null }));
    await post(path, {});
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('is left out of the exempt calls of the service modules', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 200, message: 'OK', data: [] }));
    await getCountries();
    expect(lastRequest().headers.has('Authorization')).toBe(false);
    fetchMock.mockResolvedValueOnce(
      json(200, { code: 200, message: 'OK', data: { token: 't', userDetails: { id: 1, walletAmount: 0 } } }),
    );
    await logIn({ email: 'a@b.co', password: 'x' });
    expect(lastRequest().headers.has('Authorization')).toBe(false);
    await validateToken('abc');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
    expect(JSON.parse(String(lastRequest().init.body))).toEqual({ token: 'abc' });
    await getBanksByCountry(1);
    expect(lastRequest().url).toBe('/api/Bank/GetAllBanksByCountryId?CountryId=1');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('is absent when no one is signed in', async () => {
    setAuthSource({ token: () => null, userId: () => 7 });
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: { walletAmount: 0 } }));
    await getWalletAmount();
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('logout sends the token it is given, even when the store was already cleared', async () => {
    setAuthSource({ token: () => null, userId: () => 7 });
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: null }));
    await logOut('old-token');
    const { url, init, headers } = lastRequest();
    expect(url).toBe(apiPaths.logOut);
    expect(init.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer old-token');
  });
});

describe('answers', () => {
  it('unwraps the envelope and sends JSON', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        code: 200,
        message: 'OK',
        data: { token: 't', userDetails: { id: 1, walletAmount: 12.5 } },
      }),
    );
    await expect(logIn({ email: 'a@b.co', password: 'pw' })).resolves.toEqual({
      token: 't',
      userDetails: { id: 1, walletAmount: 1250 },
    });
    const { init, headers } = lastRequest();
    expect(headers.get('Content-Type')).toMatch(/application\/json/);
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.co', password: 'pw' });
  });

  it('maps an HTTP error to its status, message, messageId and violations', async () => {
    const violations = [
      { field: 'email', messageId: 'email.invalid', message: 'Please enter a valid email address.' },
    ];
    fetchMock.mockResolvedValueOnce(
      json(400, {
        code: 400,
        message: 'Please enter a valid email address.',
        data: { messageId: 'email.invalid', violations },
      }),
    );
    expect(await failureOf(post(apiPaths.register, {}))).toEqual({
      kind: 'http',
      status: 400,
      message: 'Please enter a valid email address.',
      data: { messageId: 'email.invalid', violations },
    });
  });

  it('maps a 401 without violations', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, {
        code: 401,
        message: 'Invalid email or password',
        data: { messageId: 'logIn.invalidCredentials' },
      }),
    );
    expect(await failureOf(logIn({ email: 'a@b.co', password: 'x' }))).toEqual({
      kind: 'http',
      status: 401,
      message: 'Invalid email or password',
      data: { messageId: 'logIn.invalidCredentials' },
    });
  });

  it('maps an error page that is not JSON to an HTTP failure without data', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<h1>Bad gateway</h1>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    expect(await failureOf(get(apiPaths.health))).toEqual({
      kind: 'http',
      status: 502,
      message: 'Bad Gateway',
      data: null,
    });
  });

  it('maps a refused connection to a network failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await failureOf(get(apiPaths.countries))).toEqual({ kind: 'network' });
  });

  it('maps a 200 that is not JSON, or not an envelope, to an invalid response', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    expect(await failureOf(get(apiPaths.countries))).toEqual({ kind: 'invalid-response' });
    fetchMock.mockResolvedValueOnce(json(200, [{ id: 1 }]));
    expect(await failureOf(get(apiPaths.countries))).toEqual({ kind: 'invalid-response' });
  });

  it('gives up after the timeout', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    expect(await failureOf(request('GET', apiPaths.countries, { timeoutMs: 20 }))).toEqual({
      kind: 'timeout',
    });
  });

  it("rethrows the caller's own cancellation as it is (not a failure)", async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const caller = new AbortController();
    const pending = getCountries({ signal: caller.signal });
    caller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
