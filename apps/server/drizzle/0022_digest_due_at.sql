ALTER TABLE "notification_settings" ADD COLUMN "digest_due_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
CREATE INDEX "notification_settings_digest_due_idx" ON "notification_settings" USING btree ("digest_due_at") WHERE "notification_settings"."name" = 'report_digest' AND "notification_settings"."active";
--> statement-breakpoint
-- A subscriber is looked at again at the next tick (digest_due_at back to the epoch) whenever what decides
-- their digest changes: the setting itself (turned on or off, or saved again: its updated_at is
-- when they opted in), or their frequency, time zone or disabled flag. The scheduler's own
-- writes touch only digest_due_at, which none of these watch.
CREATE FUNCTION "notification_settings_digest_reschedule"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.active IS DISTINCT FROM OLD.active OR NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN
    NEW.digest_due_at := 'epoch';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notification_settings_digest_reschedule"
BEFORE UPDATE ON "notification_settings"
FOR EACH ROW EXECUTE FUNCTION "notification_settings_digest_reschedule"();
--> statement-breakpoint
CREATE FUNCTION "users_digest_reschedule"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "notification_settings" SET "digest_due_at" = 'epoch'
  WHERE "user_id" = NEW.id AND "name" = 'report_digest' AND "digest_due_at" <> 'epoch';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_digest_reschedule"
AFTER UPDATE OF "digest_frequency", "timezone", "disabled" ON "users"
FOR EACH ROW
WHEN (OLD.digest_frequency IS DISTINCT FROM NEW.digest_frequency
   OR OLD.timezone IS DISTINCT FROM NEW.timezone
   OR OLD.disabled IS DISTINCT FROM NEW.disabled)
EXECUTE FUNCTION "users_digest_reschedule"();
