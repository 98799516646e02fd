-- report_daily follows report_rows: every insert statement adds its rows' totals per account,
-- day, advertiser and campaign (one statement-level trigger, so a bulk insert is one upsert).
CREATE FUNCTION "report_rows_roll_up"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_daily" ("account_id", "date", "advertiser", "campaign", "impressions", "clicks", "conversions", "revenue", "payout")
  SELECT "account_id", "date", "advertiser", "campaign", sum("impressions"), sum("clicks"), sum("conversions"), sum("revenue"), sum("payout")
  FROM "inserted_rows"
  GROUP BY "account_id", "date", "advertiser", "campaign"
  ON CONFLICT ("account_id", "date", "advertiser", "campaign") DO UPDATE SET
    "impressions" = "report_daily"."impressions" + excluded."impressions",
    "clicks" = "report_daily"."clicks" + excluded."clicks",
    "conversions" = "report_daily"."conversions" + excluded."conversions",
    "revenue" = "report_daily"."revenue" + excluded."revenue",
    "payout" = "report_daily"."payout" + excluded."payout";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_rows_roll_up"
AFTER INSERT ON "report_rows"
REFERENCING NEW TABLE AS "inserted_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "report_rows_roll_up"();
--> statement-breakpoint
-- Rows that existed before this migration (a seeded demo database).
INSERT INTO "report_daily" ("account_id", "date", "advertiser", "campaign", "impressions", "clicks", "conversions", "revenue", "payout")
SELECT "account_id", "date", "advertiser", "campaign", sum("impressions"), sum("clicks"), sum("conversions"), sum("revenue"), sum("payout")
FROM "report_rows"
GROUP BY "account_id", "date", "advertiser", "campaign";
