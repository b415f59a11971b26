import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { domainMessages, type DomainMessageId } from '../../src/domain/messages';
import { signUpViolations } from '../../src/domain/sign-up';
import { createTestApp, type TestApp } from '../support/test-app';
import { envelope } from '../support/server-helpers';
import { signUpCaseArbitrary } from '../support/sign-up-arbitraries';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface ErrorBody {
  messageId: DomainMessageId;
  violations?: { field: string; messageId: DomainMessageId; message: string }[];
}

describe('the server enforces the sign-up rules of spec section 5', () => {
  it('answers exactly the broken rules, in order, with the first one as the message', async () => {
    let registered = 0;
    await fc.assert(
      fc.asyncProperty(signUpCaseArbitrary, async ({ input, expected }) => {
        // Fresh emails, so a valid form registers instead of colliding with an earlier run.
        const email = expected.some((v) => v.field === 'email')
          ? input.email
          : `${registered}.${Date.now()}.${input.email}`;
        const payload = { ...input, email };
        // Each from an address of its own: the per-address sign-up limit is not what this test is about.
        const remoteAddress = `10.5.${Math.floor(registered / 250)}.${(registered % 250) + 1}`;
        const response = await t.app.inject({
          method: 'POST',
          url: apiPaths.register,
          payload,
          remoteAddress,
        });
        const body = envelope<ErrorBody | { userId: number }>(response);
        const rules = signUpViolations(payload);
        // The generator's own expectation and the shared rules agree (the generator does not ask the code).
        expect(rules).toEqual(expected);
        if (rules.length === 0) {
          expect(response.statusCode).toBe(201);
          registered += 1;
          return;
        }
        expect(response.statusCode).toBe(400);
        const data = body.data as ErrorBody;
        expect(data.violations?.map(({ field, messageId }) => ({ field, messageId }))).toEqual(rules);
        for (const violation of data.violations ?? [])
          expect(violation.message).toBe(domainMessages[violation.messageId]);
        expect(data.messageId).toBe(rules[0]?.messageId);
        expect(body.message).toBe(domainMessages[rules[0]!.messageId]);
      }),
      { numRuns: 40 },
    );
  });
});
