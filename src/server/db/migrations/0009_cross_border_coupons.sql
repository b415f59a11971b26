CREATE TABLE "coupon_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"cart_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"operation_id" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_cart_unique" UNIQUE("cart_id"),
	CONSTRAINT "coupon_redemptions_operation_unique" UNIQUE("operation_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"discount_kind" varchar(8) NOT NULL,
	"percent_basis_points" integer,
	"amount_minor" bigint,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_user" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_code" CHECK ("coupons"."code" ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
	CONSTRAINT "coupons_discount" CHECK (("coupons"."discount_kind" = 'percent' and "coupons"."percent_basis_points" between 1 and 10000 and "coupons"."amount_minor" is null)
       or ("coupons"."discount_kind" = 'fixed' and "coupons"."amount_minor" > 0 and "coupons"."percent_basis_points" is null)),
	CONSTRAINT "coupons_window" CHECK ("coupons"."valid_until" is null or "coupons"."valid_until" > "coupons"."valid_from"),
	CONSTRAINT "coupons_limits" CHECK (("coupons"."max_uses" is null or "coupons"."max_uses" > 0) and ("coupons"."max_uses_per_user" is null or "coupons"."max_uses_per_user" > 0)),
	CONSTRAINT "coupons_uses" CHECK ("coupons"."uses" >= 0 and ("coupons"."max_uses" is null or "coupons"."uses" <= "coupons"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_kind";--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_cart_kind";--> statement-breakpoint
ALTER TABLE "sandbox_requests" ADD COLUMN "payout_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "sandbox_requests" ADD COLUMN "payout_minor" bigint;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD COLUMN "collection_code" varchar(16);--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "funding_cart_id" uuid;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_cart_id_transfer_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."transfer_carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_operation_id_wallet_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."wallet_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD CONSTRAINT "transfer_carts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_funding_cart_id_transfer_carts_id_fk" FOREIGN KEY ("funding_cart_id") REFERENCES "public"."transfer_carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_funding_unique" ON "wallet_operations" USING btree ("funding_cart_id") WHERE "wallet_operations"."funding_cart_id" is not null and "wallet_operations"."status" <> 'Failed';--> statement-breakpoint
ALTER TABLE "transfer_carts" ADD CONSTRAINT "transfer_carts_discount" CHECK ("transfer_carts"."discount_minor" >= 0 and ("transfer_carts"."coupon_id" is not null or "transfer_carts"."discount_minor" = 0));--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_funding_kind" CHECK ("wallet_operations"."funding_cart_id" is null or "wallet_operations"."kind" in ('card_top_up', 'momo_top_up'));--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_kind" CHECK ("wallet_operations"."kind" in ('card_top_up', 'bank_top_up', 'momo_top_up', 'bank_withdrawal', 'momo_withdrawal', 'momo_transfer', 'bank_transfer', 'cash_pickup_transfer', 'wallet_transfer', 'wallet_transfer_received', 'bet', 'bill_payment', 'gem_purchase'));--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_cart_kind" CHECK ("wallet_operations"."cart_id" is null or "wallet_operations"."kind" in ('momo_transfer', 'bank_transfer', 'cash_pickup_transfer', 'wallet_transfer'));