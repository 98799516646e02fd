CREATE TABLE "event_day_counts" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "event_day_counts_pk" PRIMARY KEY("day","name")
);
--> statement-breakpoint
CREATE TABLE "event_days_counted" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Hand-written: an event written with a time on a day already counted (a seed, a test: the app
-- writes events at their own time, on open days) is added to that day's count, once per
-- statement, so the counts never fall behind the events table.
CREATE FUNCTION "event_day_counts_add"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_day_counts" ("day", "name", "n")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "name", count(*)
  FROM "inserted_events"
  WHERE ("created_at" AT TIME ZONE 'UTC')::date IN (SELECT "day" FROM "event_days_counted")
  GROUP BY 1, 2
  ON CONFLICT ("day", "name") DO UPDATE SET "n" = "event_day_counts"."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_day_counts_add"
AFTER INSERT ON "events"
REFERENCING NEW TABLE AS "inserted_events"
FOR EACH STATEMENT EXECUTE FUNCTION "event_day_counts_add"();
