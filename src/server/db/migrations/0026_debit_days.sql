CREATE TABLE "wallet_debit_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_debit_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"moves" integer NOT NULL,
	"operation_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_debit_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"moves" integer NOT NULL,
	CONSTRAINT "wallet_debit_days_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "wallet_debit_adjustments" ADD CONSTRAINT "wallet_debit_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_debit_days" ADD CONSTRAINT "wallet_debit_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_debit_adjustments_user_day_idx" ON "wallet_debit_adjustments" USING btree ("user_id","day");
--> statement-breakpoint
-- Kept by the database in the statement that writes the operation, whatever the route (schema.ts walletDebitDays).
-- A debit counts while it has not failed, on its UTC day: the same rule as the sum over wallet_operations the tier
-- limits read before (src/server/tiers/limits.ts).
CREATE FUNCTION wallet_debit_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_debit_days (user_id, day, amount_minor, moves)
  VALUES (NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.amount_minor, 1)
  ON CONFLICT (user_id, day) DO UPDATE
    SET amount_minor = wallet_debit_days.amount_minor + EXCLUDED.amount_minor, moves = wallet_debit_days.moves + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_debit_days AFTER INSERT ON wallet_operations
  FOR EACH ROW WHEN (NEW.direction = 'Debit' AND NEW.status <> 'Failed')
  EXECUTE FUNCTION wallet_debit_days_add();
--> statement-breakpoint
-- A change of what an operation counts for is appended, never written into a day's row: a resolution locks the
-- operation before the wallet, a posting the wallet before the day's row, so neither waits on the other's.
CREATE FUNCTION wallet_debit_adjust() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.direction = 'Debit' AND OLD.status <> 'Failed' THEN
    INSERT INTO wallet_debit_adjustments (user_id, day, amount_minor, moves, operation_id)
    VALUES (OLD.user_id, (OLD.created_at AT TIME ZONE 'UTC')::date, -OLD.amount_minor, -1, OLD.id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.direction = 'Debit' AND NEW.status <> 'Failed' THEN
    INSERT INTO wallet_debit_adjustments (user_id, day, amount_minor, moves, operation_id)
    VALUES (NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.amount_minor, 1, NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_debit_adjust AFTER UPDATE ON wallet_operations
  FOR EACH ROW WHEN (
    (OLD.direction = 'Debit' AND OLD.status <> 'Failed') <> (NEW.direction = 'Debit' AND NEW.status <> 'Failed')
    OR (NEW.direction = 'Debit' AND NEW.status <> 'Failed'
        AND (OLD.amount_minor, OLD.user_id, OLD.created_at) IS DISTINCT FROM (NEW.amount_minor, NEW.user_id, NEW.created_at))
  )
  EXECUTE FUNCTION wallet_debit_adjust();
--> statement-breakpoint
CREATE TRIGGER wallet_operations_debit_removed AFTER DELETE ON wallet_operations
  FOR EACH ROW WHEN (OLD.direction = 'Debit' AND OLD.status <> 'Failed')
  EXECUTE FUNCTION wallet_debit_adjust();
--> statement-breakpoint
INSERT INTO wallet_debit_days (user_id, day, amount_minor, moves)
SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, sum(amount_minor), count(*)
FROM wallet_operations WHERE direction = 'Debit' AND status <> 'Failed'
GROUP BY 1, 2;
