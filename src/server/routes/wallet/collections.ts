import { cardBrand, cardLastFour } from '../../../domain/card';
import type { Counterparty } from '../../ledger/counterparty';
import type { OperationDraft } from '../../ledger/operation';
import type { PaymentProvider, ProviderOutcome } from '../../providers/provider';

/*
 * Money collected into a wallet by card or MoMo: the operation draft and the provider call, written once for the
 * top-ups and for a transfer cart paid by card or MoMo (the collection funds the cart, then its transfer runs).
 */

const lastFour = (digits: string) => digits.slice(-4);

/** 'MTN •••• 4567': what may be shown of a number or an account. */
export const masked = (name: string, digits: string) => `${name} •••• ${lastFour(digits)}`;

export const momoCounterparty = ({ phone, network }: { phone: string; network: string }): Counterparty => ({
  rail: 'momo',
  label: masked(network, phone),
  network,
  lastFour: lastFour(phone),
});

export interface Collection {
  draft: OperationDraft;
  callProvider: (reference: string) => Promise<ProviderOutcome>;
}

/** The card as the card form gives it: never stored or logged (only its brand and last four are). */
export interface CardPayer {
  /** The name on the card; PayNow's card variant (spec section 3) may carry none. */
  firstName?: string;
  lastName?: string;
  /** Digits only. */
  cardNumber: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
}

/** A card charge into the wallet; with `cartId`, one that funds that transfer cart. */
export const cardCollection = (
  provider: PaymentProvider,
  card: CardPayer,
  amountMinor: number,
  cartId?: string,
): Collection => {
  const brand = cardBrand(card.cardNumber);
  return {
    draft: {
      kind: 'card_top_up',
      amountMinor,
      counterparty: {
        rail: 'card',
        label: masked(brand, card.cardNumber),
        brand,
        lastFour: cardLastFour(card.cardNumber),
      },
      ...(cartId ? { cartId } : {}),
    },
    callProvider: (reference) =>
      provider.collectCard({
        reference,
        amountMinor,
        card: {
          number: card.cardNumber,
          cvv: card.cvv,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
          holderName: [card.firstName, card.lastName].filter(Boolean).join(' ').trim(),
        },
      }),
  };
};

/** A MoMo collection (pending until the payer approves on the phone); with `cartId`, one that funds that cart. */
export const momoCollection = (
  provider: PaymentProvider,
  wallet: { phone: string; network: string },
  amountMinor: number,
  cartId?: string,
): Collection => ({
  draft: {
    kind: 'momo_top_up',
    amountMinor,
    counterparty: momoCounterparty(wallet),
    ...(cartId ? { cartId } : {}),
  },
  callProvider: (reference) => provider.requestMomoCollection({ reference, amountMinor, ...wallet }),
});
