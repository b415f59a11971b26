import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { ModelStep, NamedAction } from './machine-paths';
import { ApiError } from '../../src/contract/failure';
import type { Country } from '../../src/contract/reference';
import type { LogInAnswer, SessionUser } from '../../src/contract/user';
import type { AuthSession } from '../../src/machines/session.machine';

export const user: SessionUser = {
  id: 7,
  firstName: 'Ama',
  lastName: 'Mensah',
  fullName: 'Ama Mensah',
  countryId: 1,
  countryName: 'Ghana',
  countryCode: 'GH',
  hasIdentification: false,
  walletAmount: 0,
  phoneVerified: false,
};

export const auth: AuthSession = { token: 'token-ama', user };
export const otherAuth: AuthSession = {
  token: 'token-kofi',
  user: { ...user, id: 8, firstName: 'Kofi', fullName: 'Kofi Mensah' },
};

export const logInResponse: LogInAnswer = { token: auth.token, userDetails: user };

export const ghana: Country = { id: 1, name: 'Ghana', isoCode: 'GH', dialCode: '+233' };
export const nigeria: Country = { id: 2, name: 'Nigeria', isoCode: 'NG', dialCode: '+234' };
export const kenya: Country = { id: 3, name: 'Kenya', isoCode: 'KE', dialCode: '+254' };

export const httpError = (
  status: number,
  messageId: string | null = null,
  violations: { field: string; messageId: string }[] = [],
): ApiError =>
  new ApiError({
    kind: 'http',
    status,
    message: `server text for ${messageId ?? status}`,
    data:
      messageId === null
        ? null
        : {
            messageId,
            ...(violations.length
              ? { violations: violations.map((v) => ({ ...v, message: `text of ${v.messageId}` })) }
              : {}),
          },
  });

/** The figures a tier limit's refusal names (issue 24). */
export const LIMIT_VALUES = { limit: 'GH₵ 3,000.00', left: 'GH₵ 1,000.00' };

const LIMIT_TEXTS = {
  'limit.daily': 'This is over your daily limit of GH₵ 3,000.00: GH₵ 1,000.00 is left today.',
  'limit.balance':
    'This would take your wallet over its maximum balance of GH₵ 3,000.00: GH₵ 1,000.00 more can come in.',
} as const;

/**
 * A tier limit's refusal as the server answers it: 400 limit.daily (money leaving) or limit.balance (money
 * arriving, a top-up), its figures on the `amount` violation.
 */
export const limitRefusal = (messageId: keyof typeof LIMIT_TEXTS = 'limit.daily'): ApiError =>
  new ApiError({
    kind: 'http',
    status: 400,
    message: LIMIT_TEXTS[messageId],
    data: {
      messageId,
      violations: [{ field: 'amount', messageId, message: `text of ${messageId}`, values: LIMIT_VALUES }],
    },
  });

export const networkError = (): ApiError => new ApiError({ kind: 'network' });
export const timeoutError = (): ApiError => new ApiError({ kind: 'timeout' });
export const invalidResponseError = (): ApiError => new ApiError({ kind: 'invalid-response' });

export const doneEvent = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const errorEvent = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/* Helpers of the path-test models. */

export const named = (actions: NamedAction[]) => actions.map((action) => [action.type, action.params]);

/** An event the state does not handle leaves the value and the context as they were, and runs no action. */
export const expectUnchanged = (step: ModelStep) => {
  expect(step.snapshot.value).toEqual(step.previous?.value);
  expect(step.snapshot.context).toEqual(step.previous?.context);
  expect(step.actions).toEqual([]);
};

export const errorOf = (event: AnyEventObject): unknown => (event as { error?: unknown }).error;
export const outputOf = <T>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
