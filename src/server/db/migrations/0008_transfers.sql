CREATE TABLE "exchange_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(3) NOT NULL,
	"name" varchar(100) NOT NULL,
	"rate" numeric(17, 8) NOT NULL,
	"as_of" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" varchar(100) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "exchange_rates_code" CHECK ("exchange_rates"."code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"beneficiary_type" varchar(8) NOT NULL,
	"beneficiary_name" varchar(200) NOT NULL,
	"beneficiary_phone" varchar(20) NOT NULL,
	"network" varchar(16),
	"bank_id" integer,
	"bank_name" varchar(150),
	"account_no" varchar(20),
	"account_label" varchar(200) NOT NULL,
	"receive_country" varchar(100) NOT NULL,
	"send_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"receive_minor" bigint NOT NULL,
	"rate" varchar(24) NOT NULL,
	"purpose_id" integer NOT NULL,
	"payee_note" varchar(500) DEFAULT '' NOT NULL,
	"payment_method_id" integer NOT NULL,
	"delivery_method_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transfer_carts_type" CHECK ("transfer_carts"."beneficiary_type" in ('mobile', 'bank')),
	CONSTRAINT "transfer_carts_amounts" CHECK ("transfer_carts"."send_minor" > 0 and "transfer_carts"."fee_minor" >= 0 and "transfer_carts"."total_minor" = "transfer_carts"."send_minor" + "transfer_carts"."fee_minor" and "transfer_carts"."receive_minor" >= 0),
	CONSTRAINT "transfer_carts_expiry" CHECK ("transfer_carts"."expires_at" > "transfer_carts"."created_at")
);
--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_kind";--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "source_operation_id" bigint;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD CONSTRAINT "transfer_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD CONSTRAINT "transfer_carts_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD CONSTRAINT "transfer_carts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD CONSTRAINT "transfer_carts_purpose_id_transaction_purposes_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."transaction_purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD CONSTRAINT "transfer_carts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD CONSTRAINT "transfer_carts_delivery_method_id_delivery_methods_id_fk" FOREIGN KEY ("delivery_method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_code_as_of_idx" ON "exchange_rates" USING btree ("code","as_of");--> statement-breakpoint
CREATE INDEX "transfer_carts_user_idx" ON "transfer_carts" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_cart_id_transfer_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."transfer_carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_source_operation_id_wallet_operations_id_fk" FOREIGN KEY ("source_operation_id") REFERENCES "public"."wallet_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_cart_unique" UNIQUE("cart_id");--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_source_unique" UNIQUE("source_operation_id");--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_cart_kind" CHECK ("wallet_operations"."cart_id" is null or "wallet_operations"."kind" in ('momo_transfer', 'bank_transfer', 'wallet_transfer'));--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_source" CHECK (("wallet_operations"."kind" = 'wallet_transfer_received') = ("wallet_operations"."source_operation_id" is not null));--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_kind" CHECK ("wallet_operations"."kind" in ('card_top_up', 'bank_top_up', 'momo_top_up', 'bank_withdrawal', 'momo_withdrawal', 'momo_transfer', 'bank_transfer', 'wallet_transfer', 'wallet_transfer_received', 'bet', 'bill_payment', 'gem_purchase'));