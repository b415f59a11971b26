/**
 * What may be shown of the other side (its `label`, e.g. 'Visa •••• 4242'), and what the ledger needs to pick the
 * clearing or payout account. Stored as it is on the operation: the history's description is composed from it.
 */
export type Counterparty =
  | { rail: 'card'; label: string; brand: string; lastFour: string }
  | { rail: 'bank'; label: string; bankId: number; bankName: string; lastFour: string }
  | { rail: 'momo'; label: string; network: string; lastFour: string }
  | { rail: 'wallet'; label: string; userId: number }
  | {
      rail: 'betting';
      label: string;
      /** The operator's code (its clearing account). */
      operator: string;
      operatorId: number;
      operatorName: string;
      /** The user's own account at the operator, shown on the user's 'Betting Details'. */
      bettingNo: string;
      receiverPhoneNo: string;
    }
  | { rail: 'biller'; label: string; biller: string }
  | { rail: 'shop'; label: string; item: string };

export type Rail = Counterparty['rail'];
