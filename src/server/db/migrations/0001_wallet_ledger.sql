CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"operation_id" bigint,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "identification_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identification_images_size" CHECK ("identification_images"."size_bytes" > 0 and "identification_images"."size_bytes" <= 5242880)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "ledger_accounts_user_unique" UNIQUE("user_id"),
	CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" in ('wallet', 'clearing', 'revenue')),
	CONSTRAINT "ledger_accounts_wallet_user" CHECK (("ledger_accounts"."kind" = 'wallet') = ("ledger_accounts"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operation_id" bigint,
	"description" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_requests" (
	"reference" varchar(32) PRIMARY KEY NOT NULL,
	"rail" varchar(8) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" varchar(12) NOT NULL,
	"scenario" varchar(16) NOT NULL,
	"decide_at" timestamp with time zone NOT NULL,
	"callback_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reference_number" varchar(32) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"direction" varchar(6) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"failure_message_id" varchar(64),
	"description" varchar(200) NOT NULL,
	"counterparty" jsonb NOT NULL,
	"held_minor" bigint DEFAULT 0 NOT NULL,
	"provider_reference" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "wallet_operations_reference_unique" UNIQUE("reference_number"),
	CONSTRAINT "wallet_operations_kind" CHECK ("wallet_operations"."kind" in ('card_top_up', 'bank_top_up', 'momo_top_up', 'bank_withdrawal', 'momo_withdrawal')),
	CONSTRAINT "wallet_operations_direction" CHECK ("wallet_operations"."direction" in ('Credit', 'Debit')),
	CONSTRAINT "wallet_operations_status" CHECK ("wallet_operations"."status" in ('pending', 'Successful', 'Failed')),
	CONSTRAINT "wallet_operations_amount_positive" CHECK ("wallet_operations"."amount_minor" > 0),
	CONSTRAINT "wallet_operations_held" CHECK ("wallet_operations"."held_minor" >= 0 and "wallet_operations"."held_minor" <= "wallet_operations"."amount_minor"),
	CONSTRAINT "wallet_operations_resolved" CHECK (("wallet_operations"."status" = 'pending') = ("wallet_operations"."resolved_at" is null))
);
--> statement-breakpoint
ALTER TABLE "identifications" ADD COLUMN "image_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "held_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_operation_id_wallet_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."wallet_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_images" ADD CONSTRAINT "identification_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_operation_id_wallet_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."wallet_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identification_images_user_idx" ON "identification_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_operation_idx" ON "ledger_transactions" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "sandbox_requests_due_idx" ON "sandbox_requests" USING btree ("status","decide_at");--> statement-breakpoint
CREATE INDEX "wallet_operations_user_created_idx" ON "wallet_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_operations_pending_idx" ON "wallet_operations" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_image_id_identification_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."identification_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_image_unique" UNIQUE("image_id");--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_dates" CHECK ("identifications"."expiry_date" > "identifications"."issued_date");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_held_not_negative" CHECK ("wallets"."held_minor" >= 0);--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_available_not_negative" CHECK ("wallets"."balance_minor" >= "wallets"."held_minor");