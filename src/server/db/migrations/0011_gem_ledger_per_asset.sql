-- Cedis and gems are separate assets: a ledger transaction's entries sum to zero per asset (of their accounts), so
-- a gem can never balance a pesewa. Replaces the single sum of 0003; still checked at commit (deferred trigger).
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off record;
BEGIN
  SELECT a.asset, sum(e.amount_minor) AS total INTO off
  FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
  WHERE e.transaction_id = NEW.transaction_id
  GROUP BY a.asset HAVING sum(e.amount_minor) <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero in % (off by %)', NEW.transaction_id, off.asset, off.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An account's code, kind, asset and owner are fixed once it exists: its entries were counted in that asset.
CREATE FUNCTION ledger_accounts_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.code IS DISTINCT FROM OLD.code OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.asset IS DISTINCT FROM OLD.asset OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    RAISE EXCEPTION 'ledger account % cannot change its code, kind, asset or owner', OLD.code
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_change BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_fixed();
