// A betting operator's server asking for a payment link (POST /api/Transaction/AuthenticateUser), as the partner
// journey needs it: scripts/e2e.mjs made the operator's API key on the run's database (E2E_PARTNER_KEY).
import type { APIRequestContext } from '@playwright/test';
import { PARTNER_KEY_HEADER, type PaymentLink, type PaymentLinkRequest } from '../../../src/contract/betting';
import { apiPaths } from '../../../src/contract/paths';

/** The operator the run's key belongs to ('sportybet': SportyBet Ghana). */
export const partnerOperator = (): string => process.env.E2E_PARTNER_OPERATOR ?? 'sportybet';

/**
 * A payment link for the wallet user with `email`: betting number, receiver phone and (unless `sendAmount` is
 * undefined in `overrides`) GH₵ 50. Answers the token and its `/deposit/{token}` path.
 */
export async function askForPaymentLink(
  request: APIRequestContext,
  email: string,
  overrides: Partial<PaymentLinkRequest> = {},
): Promise<PaymentLink> {
  const key = process.env.E2E_PARTNER_KEY;
  if (!key) throw new Error('E2E_PARTNER_KEY is not set: run the journeys through npm run test:e2e');
  const response = await request.post(apiPaths.partnerPaymentLink, {
    headers: { [PARTNER_KEY_HEADER]: key },
    data: {
      firstName: 'Kwame',
      lastName: 'Asante',
      email,
      battingNo: '0551234567',
      senderPhoneCode: '+233',
      senderPhoneNumber: '241234567',
      country: 'Ghana',
      receiverNumber: '0241234567',
      sendAmount: 50,
      ...overrides,
    },
  });
  if (response.status() !== 201)
    throw new Error(`AuthenticateUser answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: PaymentLink }).data;
}
