import { domainMessages } from '../../../domain/messages';
import type { Counterparty } from '../../ledger/counterparty';
import type { OperationKindName } from '../../ledger/kinds';

/**
 * The history's sentence for an operation, composed when it is read from what was stored (its kind and the masked
 * counterparty), never stored itself: 'Top-up by card (Visa •••• 4242)'. English today; rendering it in the user's
 * language is a change of this one function.
 */
export const describeOperation = (kind: OperationKindName, counterparty: Counterparty): string =>
  domainMessages[`walletOperation.${kind}`].replace('{counterparty}', counterparty.label);
