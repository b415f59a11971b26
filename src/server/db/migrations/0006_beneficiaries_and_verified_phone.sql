CREATE TABLE "beneficiaries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "beneficiaries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"middle_name" varchar(100) DEFAULT '' NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"mother_maiden_name" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"relationship" varchar(100) DEFAULT '' NOT NULL,
	"country_id" integer NOT NULL,
	"network" varchar(16),
	"bank_id" integer,
	"account_no" varchar(20),
	"account_name" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "beneficiaries_type" CHECK ("beneficiaries"."type" in ('mobile', 'bank')),
	CONSTRAINT "beneficiaries_shape" CHECK (("beneficiaries"."type" = 'mobile' and "beneficiaries"."phone" <> '' and "beneficiaries"."network" is not null and "beneficiaries"."bank_id" is null and "beneficiaries"."account_no" is null)
        or ("beneficiaries"."type" = 'bank' and "beneficiaries"."bank_id" is not null and "beneficiaries"."account_no" is not null and "beneficiaries"."network" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiaries_user_idx" ON "beneficiaries" USING btree ("user_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_user_phone_unique" ON "beneficiaries" USING btree ("user_id","phone") WHERE "beneficiaries"."type" = 'mobile' and "beneficiaries"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_user_account_unique" ON "beneficiaries" USING btree ("user_id","bank_id","account_no") WHERE "beneficiaries"."type" = 'bank' and "beneficiaries"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verified_phone_unique" UNIQUE("verified_phone");