CREATE TABLE "tier_limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tier_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tier" varchar(12) NOT NULL,
	"daily_minor" bigint NOT NULL,
	"monthly_minor" bigint,
	"balance_minor" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_limits_tier_effective_unique" UNIQUE("tier","effective_from"),
	CONSTRAINT "tier_limits_tier_known" CHECK ("tier_limits"."tier" in ('minimum', 'medium', 'enhanced')),
	CONSTRAINT "tier_limits_amounts_positive" CHECK ("tier_limits"."daily_minor" > 0 and "tier_limits"."balance_minor" > 0 and ("tier_limits"."monthly_minor" is null or "tier_limits"."monthly_minor" > 0))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_tier" varchar(12) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_tier_known" CHECK ("users"."account_tier" in ('none', 'minimum', 'medium', 'enhanced'));--> statement-breakpoint
-- Issue 24: the Bank of Ghana e-money tiers in force from 1 March 2024 (docs/compliance.md). Amounts in pesewas.
INSERT INTO "tier_limits" ("tier", "daily_minor", "monthly_minor", "balance_minor", "effective_from", "source") VALUES
  ('minimum', 300000, 1000000, 500000, '2024-03-01', 'Bank of Ghana e-money tiered KYC limits from 1 March 2024, as reported by the Ghana Chamber of Telecommunications'),
  ('medium', 1500000, NULL, 4000000, '2024-03-01', 'Bank of Ghana e-money tiered KYC limits from 1 March 2024, as reported by the Ghana Chamber of Telecommunications'),
  ('enhanced', 2500000, NULL, 7500000, '2024-03-01', 'Bank of Ghana e-money tiered KYC limits from 1 March 2024, as reported by the Ghana Chamber of Telecommunications');
--> statement-breakpoint
-- Existing users are placed in the tier their data earns: an identification on file is the Minimum tier.
UPDATE "users" SET "account_tier" = 'minimum' WHERE EXISTS (SELECT 1 FROM "identifications" i WHERE i."user_id" = "users"."id");
