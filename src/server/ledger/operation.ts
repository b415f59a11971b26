import type { WalletOperationStatus } from '../../contract/wallet';
import type { DomainMessageId } from '../../domain/messages';
import { toMinor } from '../db/sql';
import type { Counterparty } from './counterparty';
import type { OperationKindName } from './kinds';

export interface OperationDraft {
  kind: OperationKindName;
  amountMinor: number;
  counterparty: Counterparty;
  /**
   * A debit: the transfer cart it pays (at most one operation per cart: the database refuses a second). A credit
   * (a card or MoMo collection): the cart it funds (wallet_operations.funding_cart_id; at most one pending or
   * successful collection per cart), whose transfer debit runs once it succeeds.
   */
  cartId?: string | null;
  /** The fee a quote fixed (a transfer cart's); without it, the kind's own (kinds.ts feeOf). */
  feeMinor?: number;
}

export interface Operation extends OperationDraft {
  cartId: string | null;
  id: number;
  userId: number;
  referenceNumber: string;
  direction: 'Credit' | 'Debit';
  /** The processing fee the operation charges on top of its amount (domain/fees.ts), 0 for most kinds. */
  feeMinor: number;
  status: WalletOperationStatus;
  failureMessageId: DomainMessageId | null;
  heldMinor: number;
  createdAt: Date;
}

export type Resolution = { status: 'Successful' } | { status: 'Failed'; failureMessageId: DomainMessageId };

/** A wallet_operations row as both drivers give it back. */
export interface OperationRecord {
  id: unknown;
  user_id: number;
  reference_number: string;
  kind: OperationKindName;
  direction: 'Credit' | 'Debit';
  amount_minor: unknown;
  fee_minor: unknown;
  status: WalletOperationStatus;
  failure_message_id: DomainMessageId | null;
  counterparty: Counterparty | string;
  held_minor: unknown;
  cart_id: string | null;
  created_at: Date | string;
}

export const OPERATION_COLUMN_LIST =
  'id, user_id, reference_number, kind, direction, amount_minor, fee_minor, status, failure_message_id, counterparty, held_minor, cart_id, created_at';

export const toOperation = (row: OperationRecord): Operation => ({
  id: toMinor(row.id),
  userId: row.user_id,
  referenceNumber: row.reference_number,
  kind: row.kind,
  direction: row.direction,
  amountMinor: toMinor(row.amount_minor),
  feeMinor: toMinor(row.fee_minor),
  status: row.status,
  failureMessageId: row.failure_message_id,
  counterparty:
    typeof row.counterparty === 'string' ? (JSON.parse(row.counterparty) as Counterparty) : row.counterparty,
  heldMinor: toMinor(row.held_minor),
  cartId: row.cart_id ?? null,
  createdAt: new Date(row.created_at),
});
