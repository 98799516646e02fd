-- Support access becomes a consent with an end (issue 40): whoever had it on keeps it for the
-- default seven days from this migration, then it lapses unless given again.
ALTER TABLE "users" ADD COLUMN "support_until" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "support_until" = now() + interval '7 days' WHERE "support_enabled";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "support_enabled";
