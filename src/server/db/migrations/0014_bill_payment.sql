CREATE TABLE "bill_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"sub_company_id" integer NOT NULL,
	"reference_no" varchar(64) NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"customer_name" varchar(200) NOT NULL,
	"bill_month" varchar(7) NOT NULL,
	"due_date" date NOT NULL,
	"bill_status" varchar(16) NOT NULL,
	"total_due_minor" bigint NOT NULL,
	"prepaid" boolean NOT NULL,
	"token" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bill_quotes_amount" CHECK ("bill_quotes"."total_due_minor" >= 0),
	CONSTRAINT "bill_quotes_expiry" CHECK ("bill_quotes"."expires_at" > "bill_quotes"."created_at")
);
--> statement-breakpoint
CREATE TABLE "billing_companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(24) NOT NULL,
	"company_name" varchar(150) NOT NULL,
	CONSTRAINT "billing_companies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "billing_sub_companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"sub_company_name" varchar(150) NOT NULL,
	"title" varchar(100) NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL,
	"regular_expression" varchar(200) DEFAULT '' NOT NULL,
	"prepaid" boolean DEFAULT false NOT NULL,
	CONSTRAINT "billing_sub_companies_code_unique" UNIQUE("code"),
	CONSTRAINT "billing_sub_companies_lengths" CHECK ("billing_sub_companies"."min_length" >= 1 and "billing_sub_companies"."max_length" >= "billing_sub_companies"."min_length" and "billing_sub_companies"."max_length" <= 64)
);
--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "bill_quote_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "bill_key" varchar(96);--> statement-breakpoint
ALTER TABLE "bill_quotes" ADD CONSTRAINT "bill_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_quotes" ADD CONSTRAINT "bill_quotes_sub_company_id_billing_sub_companies_id_fk" FOREIGN KEY ("sub_company_id") REFERENCES "public"."billing_sub_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_sub_companies" ADD CONSTRAINT "billing_sub_companies_company_id_billing_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."billing_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_quotes_user_idx" ON "bill_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_sub_companies_company_idx" ON "billing_sub_companies" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_bill_quote_id_bill_quotes_id_fk" FOREIGN KEY ("bill_quote_id") REFERENCES "public"."bill_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_bill_key_unique" ON "wallet_operations" USING btree ("bill_key") WHERE "wallet_operations"."status" <> 'Failed';--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_bill_quote_unique" UNIQUE("bill_quote_id");--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_bill_kind" CHECK (("wallet_operations"."bill_quote_id" is null and "wallet_operations"."bill_key" is null) or "wallet_operations"."kind" = 'bill_payment');