CREATE TABLE "monitoring_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitoring_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"rule" varchar(24) NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitoring_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operation_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"hits" jsonb NOT NULL,
	"continuation" jsonb,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_holds_operation_unique" UNIQUE("operation_id"),
	CONSTRAINT "monitoring_holds_status" CHECK ("monitoring_holds"."status" in ('open', 'released', 'rejected')),
	CONSTRAINT "monitoring_holds_decision" CHECK (("monitoring_holds"."status" = 'open') = ("monitoring_holds"."decided_at" is null) and ("monitoring_holds"."status" = 'open') = ("monitoring_holds"."decided_by" is null))
);
--> statement-breakpoint
CREATE TABLE "monitoring_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitoring_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(24) NOT NULL,
	"enabled" boolean NOT NULL,
	"parameters" jsonb NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_rules_name" CHECK ("monitoring_rules"."name" in ('velocity', 'newBeneficiary', 'structuring', 'largeAmount', 'partnerLinkPayer'))
);
--> statement-breakpoint
CREATE TABLE "reversals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reversals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operation_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"transaction_id" bigint,
	CONSTRAINT "reversals_operation_unique" UNIQUE("operation_id"),
	CONSTRAINT "reversals_four_eyes" CHECK ("reversals"."approved_by" is null or "reversals"."approved_by" <> "reversals"."proposed_by"),
	CONSTRAINT "reversals_approved" CHECK (("reversals"."approved_by" is null) = ("reversals"."approved_at" is null) and ("reversals"."approved_by" is null) = ("reversals"."transaction_id" is null))
);
--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_status";--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_resolved";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "reverses_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "monitoring_hits" ADD CONSTRAINT "monitoring_hits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_holds" ADD CONSTRAINT "monitoring_holds_operation_id_wallet_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."wallet_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_holds" ADD CONSTRAINT "monitoring_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reversals" ADD CONSTRAINT "reversals_operation_id_wallet_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."wallet_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reversals" ADD CONSTRAINT "reversals_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_hits_user_idx" ON "monitoring_hits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "monitoring_holds_open_idx" ON "monitoring_holds" USING btree ("created_at") WHERE "monitoring_holds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "monitoring_rules_name_effective_idx" ON "monitoring_rules" USING btree ("name","effective_from");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_reverses_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("reverses_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_reverses_unique" UNIQUE("reverses_transaction_id");--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_status" CHECK ("wallet_operations"."status" in ('pending', 'review', 'Successful', 'Failed'));--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_resolved" CHECK (("wallet_operations"."status" in ('pending', 'review')) = ("wallet_operations"."resolved_at" is null));--> statement-breakpoint
-- The issue's defaults (issue 25, section 2); compliance changes them in the console (a new row per change).
INSERT INTO "monitoring_rules" ("name", "enabled", "parameters", "effective_from", "source") VALUES
  ('velocity', true, '{"count": 20, "minutes": 10}', now(), 'Issue 25 defaults: more than 20 money moves out within 10 minutes'),
  ('newBeneficiary', true, '{"amountMinor": 200000, "minutes": 60}', now(), 'Issue 25 defaults: a first payment above GH₵ 2,000 to a beneficiary added less than an hour ago'),
  ('structuring', true, '{"count": 3, "percent": 5}', now(), 'Issue 25 defaults: a third payment in a day within 5% under the tier''s daily limit'),
  ('largeAmount', true, '{"percent": 80}', now(), 'Issue 25 defaults: one payment above 80% of the tier''s daily limit'),
  ('partnerLinkPayer', true, '{}', now(), 'Issue 25 defaults: a partner link paid from an account other than the one it was made for (refused, and recorded)');
--> statement-breakpoint
-- A move held for review is decided by a staff member: posted or released from 'review' as from 'pending'.
DROP TRIGGER wallet_operations_audit_resolved ON wallet_operations;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_audit_resolved AFTER UPDATE OF status ON wallet_operations
  FOR EACH ROW WHEN (OLD.status IN ('pending', 'review') AND NEW.status NOT IN ('pending', 'review'))
  EXECUTE FUNCTION wallet_operations_audit_resolved();
