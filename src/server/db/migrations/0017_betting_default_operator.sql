ALTER TABLE "betting_operators" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "betting_operators_one_default" ON "betting_operators" USING btree ("is_default") WHERE "betting_operators"."is_default";--> statement-breakpoint
-- A database seeded before this column: SportyBet Ghana (the seed's default) pays a bet that names no operator.
-- A new database has no operators yet here; the seed inserts SportyBet with the flag. Operators move it by SQL.
UPDATE "betting_operators" SET "is_default" = true WHERE "code" = 'sportybet';
