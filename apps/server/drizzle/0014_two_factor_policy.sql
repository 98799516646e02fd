ALTER TABLE "accounts" ADD COLUMN "two_factor_required_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "two_factor_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "two_factor_grace_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "two_factor_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "two_factor_enforced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "accounts_two_factor_deadline_idx" ON "accounts" USING btree ("two_factor_deadline") WHERE two_factor_deadline is not null;