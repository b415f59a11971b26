/* A phone-verification actor with fake calls, for the dashboard screen tests (not a test file itself). */
import { createActor, fromPromise } from 'xstate';
import type {
  PhoneVerificationStatus,
  SentPhoneCode,
  VerifiedPhone,
} from '../../src/contract/phone-verification';
import { phoneVerificationMachine } from '../../src/machines/phone-verification.machine';

export const maskedPhone = '+233 ******567';

export interface FakePhoneVerificationOptions {
  /** The session's phoneVerified (true: the card shows 'Phone verified' without a call). */
  phoneVerified?: boolean;
  loadStatus?: () => Promise<PhoneVerificationStatus>;
  sendCode?: () => Promise<SentPhoneCode>;
  verifyCode?: (code: string) => Promise<VerifiedPhone>;
}

export const fakePhoneVerification = ({
  phoneVerified = true,
  loadStatus = () => Promise.resolve({ phoneVerified: false, maskedPhone }),
  sendCode = () => Promise.resolve({ maskedPhone, expiresAt: '2026-11-23T14:35:00.000Z' }),
  verifyCode = () => Promise.resolve({ phoneVerified: true, maskedPhone }),
}: FakePhoneVerificationOptions = {}) => {
  const calls: unknown[][] = [];
  let toldSession = 0;
  const actor = createActor(
    phoneVerificationMachine.provide({
      actors: {
        loadStatus: fromPromise(() => {
          calls.push(['loadStatus']);
          return loadStatus();
        }),
        sendCode: fromPromise(() => {
          calls.push(['sendCode']);
          return sendCode();
        }),
        verifyCode: fromPromise(({ input }) => {
          calls.push(['verifyCode', input.code]);
          return verifyCode(input.code);
        }),
      },
      actions: { phoneVerified: () => void (toldSession += 1) },
    }),
    { input: { phoneVerified } },
  ).start();
  return { actor, calls, toldSession: () => toldSession };
};
