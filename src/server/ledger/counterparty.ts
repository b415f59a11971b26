/**
 * What may be shown of the other side (its `label`, e.g. 'Visa •••• 4242'), and what the ledger needs to pick the
 * clearing or payout account. Stored as it is on the operation: the history's description is composed from it.
 */
export type Counterparty =
  | { rail: 'card'; label: string; brand: string; lastFour: string }
  | { rail: 'bank'; label: string; bankId: number; bankName: string; lastFour: string }
  | { rail: 'momo'; label: string; network: string; lastFour: string }
  /** A cash pick-up: the payout partner's network pays the recipient, who shows the collection code and an ID. */
  | { rail: 'cash'; label: string; partner: string; lastFour: string }
  | { rail: 'wallet'; label: string; userId: number }
  | { rail: 'betting'; label: string; operator: string }
  | { rail: 'biller'; label: string; biller: string }
  | { rail: 'shop'; label: string; item: string };

export type Rail = Counterparty['rail'];
