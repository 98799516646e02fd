CREATE TABLE "report_import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"bytes_total" bigint,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows_checked" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"problems" jsonb,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- Unlogged: uploads in flight only; a crash empties it, which is what the sweep would do.
CREATE UNLOGGED TABLE "report_import_staging" (
	"job_id" uuid NOT NULL,
	"date" date NOT NULL,
	"advertiser" text NOT NULL,
	"campaign" text NOT NULL,
	"channel" text NOT NULL,
	"country" text NOT NULL,
	"device" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" bigint NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"payout" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_import_jobs" ADD CONSTRAINT "report_import_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_import_jobs" ADD CONSTRAINT "report_import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_import_jobs" ADD CONSTRAINT "report_import_jobs_import_id_report_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."report_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_import_jobs_status_updated_idx" ON "report_import_jobs" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "report_import_jobs_account_created_idx" ON "report_import_jobs" USING btree ("account_id","created_at");