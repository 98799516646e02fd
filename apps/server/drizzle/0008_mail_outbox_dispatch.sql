ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null and "outbox"."failed_at" is null;--> statement-breakpoint
-- Before this version the outbox only kept mail when no SMTP server was set, and its links were
-- printed then: none of it is waiting to be sent.
UPDATE "outbox" SET "sent_at" = "created_at" WHERE "sent_at" IS NULL;--> statement-breakpoint
-- Every instance's dispatcher LISTENs here: a NOTIFY is delivered when the inserting transaction
-- commits, so a mail goes out the moment the change it tells about is saved, and never before.
CREATE FUNCTION notify_mail_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_queued', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outbox_mail_queued AFTER INSERT ON outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_mail_queued();
