import type { BettingCredit } from '../providers/betting-rail';
import type { BillPaymentRequest } from '../providers/biller-rail';
import type {
  BankPayout,
  CashPickupPayout,
  MomoPayout,
  PaymentProvider,
  ProviderOutcome,
} from '../providers/provider';

/*
 * A money move out is paid through its rail by a provider call made with the operation's reference. A move held
 * for review makes that call only when a compliance officer releases it, perhaps hours later and on another host:
 * so the call is data (a continuation: a name and its request, kept in monitoring_holds.continuation) and one
 * registry turns it into the call, the same one the route's own request makes when nothing hits.
 */

export interface ContinuationRequests {
  momoPayout: Omit<MomoPayout, 'reference'>;
  bankPayout: Omit<BankPayout, 'reference'>;
  cashPickupPayout: Omit<CashPickupPayout, 'reference'>;
  bettingCredit: Omit<BettingCredit, 'reference'>;
  /** A bill: the biller's request and the quote whose prepaid token is kept (billing-routes.ts registers it). */
  billPayment: { quoteId: string; bill: Omit<BillPaymentRequest, 'reference'> };
}
export type ContinuationName = keyof ContinuationRequests;

export type Continuation = {
  [N in ContinuationName]: { name: N; request: ContinuationRequests[N] };
}[ContinuationName];

export type ProviderCall = (reference: string) => Promise<ProviderOutcome>;

type Handler<N extends ContinuationName> = (
  request: ContinuationRequests[N],
  reference: string,
) => Promise<ProviderOutcome>;

/** The continuations a host can make: the provider's payouts, plus what a route registers (bills). */
export class ContinuationRegistry {
  private readonly handlers = new Map<ContinuationName, Handler<ContinuationName>>();

  constructor(provider: PaymentProvider) {
    this.register('momoPayout', (request, reference) => provider.disburseMomo({ reference, ...request }));
    this.register('bankPayout', (request, reference) => provider.disburseBank({ reference, ...request }));
    this.register('cashPickupPayout', (request, reference) =>
      provider.disburseCashPickup({ reference, ...request }),
    );
    this.register('bettingCredit', (request, reference) =>
      provider.creditBettingAccount({ reference, ...request }),
    );
  }

  register<N extends ContinuationName>(name: N, handler: Handler<N>): void {
    this.handlers.set(name, handler as unknown as Handler<ContinuationName>);
  }

  /** The provider call a continuation makes (throws for one no route registered: a bug of the host's wiring). */
  callOf(continuation: Continuation): ProviderCall {
    const handler = this.handlers.get(continuation.name);
    if (!handler) throw new Error(`no continuation ${continuation.name} is registered`);
    return (reference) => handler(continuation.request, reference);
  }
}
