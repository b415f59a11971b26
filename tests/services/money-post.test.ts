// The step-up of every money-moving request (issue 26): src/services/money-post.ts, through the wallet's withdrawal,
// and of the security changes it guards (turning it off, removing a passkey) through src/services/passkeys.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/contract/failure';
import { setAuthSource } from '../../src/services/http';
import { setStepUp, type StepUp } from '../../src/services/money-post';
import { deletePasskey, saveStepUpSetting } from '../../src/services/passkeys';
import { withdraw } from '../../src/services/wallet';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, messageId: string) =>
  json(status, { code: status, message: 'refused', data: { messageId } });
const done = {
  referenceNumber: 'WT-1',
  status: 'Successful',
  failureMessageId: null,
  amount: 1500,
  walletAmount: 1000,
};

const fetchMock = vi.fn<typeof fetch>();
const requestAt = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index]!;
  return {
    url: String(url),
    headers: new Headers(init!.headers),
    body: JSON.parse(String(init!.body)) as unknown,
  };
};
const withdrawal = { amount: 150_000, isMOMOWithdrawal: true, momoMobileNumber: '0244123456' } as const;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setAuthSource({ token: () => 'secret-token', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
  setStepUp(null);
});

describe('a money request the server answers 401 auth.stepUpRequired', () => {
  it('asks the step-up with the refused request, then sends it again with the same key and the proof', async () => {
    const stepUp = vi.fn<StepUp>(async () => 'the-proof');
    setStepUp(stepUp);
    fetchMock
      .mockResolvedValueOnce(refusal(401, 'auth.stepUpRequired'))
      .mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: done }));

    await expect(withdraw(withdrawal, 'key-1')).resolves.toMatchObject({ referenceNumber: 'WT-1' });

    const [first, second] = [requestAt(0), requestAt(1)];
    expect(stepUp).toHaveBeenCalledWith(
      { path: '/api/Transaction/WithDrawalMoney', body: first.body },
      undefined,
    );
    expect(second.url).toBe(first.url);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('Idempotency-Key')).toBe('key-1');
    expect(first.headers.get('Step-Up-Proof')).toBeNull();
    expect(second.headers.get('Step-Up-Proof')).toBe('the-proof');
  });

  it("not confirmed: the server's 401 stands with the step-up's message, and nothing is sent again", async () => {
    setStepUp(() => Promise.reject('stepUp.cancelled'));
    fetchMock.mockResolvedValueOnce(refusal(401, 'auth.stepUpRequired'));

    const error = await withdraw(withdrawal, 'key-1').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toMatchObject({
      kind: 'http',
      status: 401,
      data: { messageId: 'stepUp.cancelled' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a refused proof (403) reads as the step-up refusal, not as a missing identification', async () => {
    setStepUp(async () => 'stale-proof');
    fetchMock
      .mockResolvedValueOnce(refusal(401, 'auth.stepUpRequired'))
      .mockResolvedValueOnce(refusal(403, 'stepUp.invalidProof'));

    const error = (await withdraw(withdrawal, 'key-1').catch((e: unknown) => e)) as ApiError;

    expect(error.failure).toMatchObject({ status: 401, data: { messageId: 'stepUp.invalidProof' } });
  });

  it('without a step-up installed, or for another refusal, the answer is thrown as it came', async () => {
    fetchMock.mockResolvedValueOnce(refusal(401, 'auth.stepUpRequired'));
    expect(((await withdraw(withdrawal, 'k').catch((e: unknown) => e)) as ApiError).failure).toMatchObject({
      status: 401,
      data: { messageId: 'auth.stepUpRequired' },
    });
    const stepUp = vi.fn<StepUp>(async () => 'proof');
    setStepUp(stepUp);
    fetchMock.mockResolvedValueOnce(refusal(403, 'identity.required'));
    expect(((await withdraw(withdrawal, 'k').catch((e: unknown) => e)) as ApiError).failure).toMatchObject({
      status: 403,
    });
    expect(stepUp).not.toHaveBeenCalled();
  });
});

describe('the security changes a passkey must confirm go through the same step-up (withStepUp)', () => {
  const requestOf = (index: number) => {
    const [url, init] = fetchMock.mock.calls[index]!;
    return { url: String(url), method: init!.method, headers: new Headers(init!.headers) };
  };
  const setting = { code: 200, message: 'OK', data: { amount: null, defaultAmount: 1000, hasPasskey: true } };

  it('turning the step-up off: the refused PUT and its body to the step-up, then the PUT again with the proof', async () => {
    const stepUp = vi.fn<StepUp>(async () => 'the-proof');
    setStepUp(stepUp);
    fetchMock
      .mockResolvedValueOnce(refusal(401, 'auth.stepUpRequired'))
      .mockResolvedValueOnce(json(200, setting));

    await expect(saveStepUpSetting(null)).resolves.toMatchObject({ amountMinor: null });

    expect(stepUp).toHaveBeenCalledWith(
      { path: '/api/User/StepUpSetting', body: { amount: null } },
      undefined,
    );
    const [first, second] = [requestOf(0), requestOf(1)];
    expect([first.method, second.method]).toEqual(['PUT', 'PUT']);
    expect(requestAt(1).body).toEqual({ amount: null });
    expect(second.headers.get('Step-Up-Proof')).toBe('the-proof');
    // Not a money move: no Idempotency-Key.
    expect(second.headers.get('Idempotency-Key')).toBeNull();
  });

  it('removing a passkey: its query as the body to the step-up, then the DELETE again with the proof', async () => {
    const stepUp = vi.fn<StepUp>(async () => 'the-proof');
    setStepUp(stepUp);
    fetchMock
      .mockResolvedValueOnce(refusal(401, 'auth.stepUpRequired'))
      .mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: null }));

    await expect(deletePasskey(3)).resolves.toBeNull();

    expect(stepUp).toHaveBeenCalledWith({ path: '/api/User/Passkey', body: { id: 3 } }, undefined);
    const second = requestOf(1);
    expect(second.method).toBe('DELETE');
    expect(second.url).toMatch(/\/api\/User\/Passkey\?id=3$/);
    expect(second.headers.get('Step-Up-Proof')).toBe('the-proof');
  });

  it("not confirmed: the step-up's message, and the change is not sent again", async () => {
    setStepUp(() => Promise.reject('stepUp.changeCancelled'));
    fetchMock.mockResolvedValueOnce(refusal(401, 'auth.stepUpRequired'));

    const error = (await deletePasskey(3).catch((e: unknown) => e)) as ApiError;

    expect(error.failure).toMatchObject({ status: 401, data: { messageId: 'stepUp.changeCancelled' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
