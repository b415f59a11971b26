ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_kind";--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_held";--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_fee" CHECK ("wallet_operations"."fee_minor" >= 0);--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_kind" CHECK ("wallet_operations"."kind" in ('card_top_up', 'bank_top_up', 'momo_top_up', 'bank_withdrawal', 'momo_withdrawal', 'momo_transfer', 'bank_transfer', 'wallet_transfer', 'bet', 'bill_payment', 'gem_purchase'));--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_held" CHECK ("wallet_operations"."held_minor" >= 0 and "wallet_operations"."held_minor" <= "wallet_operations"."amount_minor" + "wallet_operations"."fee_minor");