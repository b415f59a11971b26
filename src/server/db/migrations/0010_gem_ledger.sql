CREATE TABLE "gem_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"gems" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "gem_balances_not_negative" CHECK ("gem_balances"."gems" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_unique";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_wallet_user";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "asset" varchar(3) DEFAULT 'GHS' NOT NULL;--> statement-breakpoint
ALTER TABLE "gem_balances" ADD CONSTRAINT "gem_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_asset_unique" UNIQUE("user_id","asset");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_asset" CHECK ("ledger_accounts"."asset" in ('GHS', 'GEM'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_asset" CHECK (("ledger_accounts"."kind" in ('gems', 'issuance')) = ("ledger_accounts"."asset" = 'GEM'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" in ('wallet', 'clearing', 'revenue', 'gems', 'issuance'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_user" CHECK (("ledger_accounts"."kind" in ('wallet', 'gems')) = ("ledger_accounts"."user_id" is not null));