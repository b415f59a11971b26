-- Every money move and its outcome joins the audit trail in the statement that makes it, whichever statement of the
-- ledger's one path that is (created, created and posted, resolved; alone or in a commit batch): AFTER row triggers
-- run at the end of that statement, in its transaction, so a move rolled back leaves no audit row, and no round trip
-- is added. The row joins its user's chain (audit_append, migration 0020).
CREATE FUNCTION wallet_operations_audit_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_append('user:' || NEW.user_id, 'user',
    CASE WHEN NEW.source_operation_id IS NULL THEN NEW.user_id ELSE (NEW.counterparty ->> 'userId')::integer END,
    NULL, CASE WHEN NEW.source_operation_id IS NULL THEN 'money.move' ELSE 'money.received' END,
    'operation:' || NEW.reference_number, NULL,
    jsonb_build_object('kind', NEW.kind, 'direction', NEW.direction, 'amountMinor', NEW.amount_minor,
      'feeMinor', NEW.fee_minor, 'heldMinor', NEW.held_minor, 'status', NEW.status,
      'counterparty', NEW.counterparty));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_audit_created AFTER INSERT ON wallet_operations
  FOR EACH ROW EXECUTE FUNCTION wallet_operations_audit_created();
--> statement-breakpoint
-- A pending operation's outcome, decided by its rail's answer (webhook, poll or sandbox): posted or released.
CREATE FUNCTION wallet_operations_audit_resolved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_append('user:' || NEW.user_id, 'system', NULL, 'ledger',
    CASE WHEN NEW.status = 'Successful' THEN 'money.posted' ELSE 'money.released' END,
    'operation:' || NEW.reference_number,
    jsonb_build_object('status', OLD.status, 'heldMinor', OLD.held_minor),
    jsonb_build_object('status', NEW.status, 'heldMinor', NEW.held_minor,
      'failureMessageId', NEW.failure_message_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_audit_resolved AFTER UPDATE OF status ON wallet_operations
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending')
  EXECUTE FUNCTION wallet_operations_audit_resolved();
--> statement-breakpoint
-- A ledger transaction of no operation (a correction, a funding): its entries, on the system chain. An AFTER row
-- trigger sees the whole statement's work, so the entries inserted beside the transaction are there.
CREATE FUNCTION ledger_transactions_audit_bare() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_append('system', 'system', NULL, 'ledger', 'money.posted', 'ledger_transaction:' || NEW.id, NULL,
    jsonb_build_object('description', NEW.description, 'entries',
      (SELECT jsonb_agg(jsonb_build_array(a.code, e.amount_minor) ORDER BY a.code)
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.transaction_id = NEW.id)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_audit_bare AFTER INSERT ON ledger_transactions
  FOR EACH ROW WHEN (NEW.operation_id IS NULL) EXECUTE FUNCTION ledger_transactions_audit_bare();
