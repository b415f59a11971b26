CREATE TABLE "proof_of_address_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proof_of_address_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"document_kind" varchar(24) NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_path" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" varchar(100),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_of_address_reviews_kind" CHECK ("proof_of_address_reviews"."document_kind" in ('utilityBill', 'tenancyAgreement', 'bankStatement')),
	CONSTRAINT "proof_of_address_reviews_status" CHECK ("proof_of_address_reviews"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "proof_of_address_reviews_decision" CHECK (("proof_of_address_reviews"."status" = 'pending') = ("proof_of_address_reviews"."decided_at" is null) and ("proof_of_address_reviews"."status" = 'rejected') = ("proof_of_address_reviews"."reason" is not null)),
	CONSTRAINT "proof_of_address_reviews_size" CHECK ("proof_of_address_reviews"."size_bytes" > 0 and "proof_of_address_reviews"."size_bytes" <= 5242880)
);
--> statement-breakpoint
ALTER TABLE "proof_of_address_reviews" ADD CONSTRAINT "proof_of_address_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_of_address_reviews_user_idx" ON "proof_of_address_reviews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_of_address_reviews_one_pending" ON "proof_of_address_reviews" USING btree ("user_id") WHERE "proof_of_address_reviews"."status" = 'pending';