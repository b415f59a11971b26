CREATE TABLE "betting_operators" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	CONSTRAINT "betting_operators_code_unique" UNIQUE("code"),
	CONSTRAINT "betting_operators_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "betting_payment_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "betting_payment_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"email" varchar(320) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"sender_phone" varchar(32) NOT NULL,
	"country" varchar(100) NOT NULL,
	"betting_no" varchar(32) NOT NULL,
	"receiver_phone_no" varchar(32) NOT NULL,
	"amount_minor" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"claim_user_id" integer,
	"claim_key" varchar(128),
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "betting_payment_requests_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "betting_payment_requests_amount" CHECK ("betting_payment_requests"."amount_minor" is null or "betting_payment_requests"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "partner_api_keys_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "betting_payment_requests" ADD CONSTRAINT "betting_payment_requests_operator_id_betting_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."betting_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betting_payment_requests" ADD CONSTRAINT "betting_payment_requests_claim_user_id_users_id_fk" FOREIGN KEY ("claim_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD CONSTRAINT "partner_api_keys_operator_id_betting_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."betting_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_one_active" ON "partner_api_keys" USING btree ("operator_id") WHERE "partner_api_keys"."revoked_at" is null;