CREATE TABLE "rate_limit_counters" (
	"key" varchar(300) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"name" varchar(64) NOT NULL,
	"run" bigint NOT NULL,
	"host" varchar(96) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" varchar(12),
	CONSTRAINT "scheduled_job_runs_pk" PRIMARY KEY("name","run")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" varchar(96),
	"lease_until" timestamp with time zone,
	"runs" bigint DEFAULT 0 NOT NULL,
	"last_finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "scheduled_job_runs_started_idx" ON "scheduled_job_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");