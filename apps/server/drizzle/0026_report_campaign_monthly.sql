-- A roll-up per account, month, advertiser and campaign (docs/scaling.md), kept by the same
-- statement trigger as report_daily and report_advertiser_daily, in the import's transaction. The
-- campaigns page over a long range sums whole months here and only the days at either end from
-- report_daily. Hand-written here (Drizzle cannot say them): the primary key INCLUDEs the sums
-- (index-only scans), the trigger function, the backfill.
CREATE TABLE "report_campaign_monthly" (
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"advertiser" text NOT NULL,
	"campaign" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" bigint NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"payout" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_campaign_monthly_pk" PRIMARY KEY("account_id","month","advertiser","campaign") INCLUDE ("impressions", "clicks", "conversions", "revenue", "payout")
);
--> statement-breakpoint
ALTER TABLE "report_campaign_monthly" ADD CONSTRAINT "report_campaign_monthly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_rows_roll_up"() RETURNS trigger
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

  INSERT INTO "report_advertiser_daily" ("account_id", "date", "advertiser", "impressions", "clicks", "conversions", "revenue", "payout")
  SELECT "account_id", "date", "advertiser", sum("impressions"), sum("clicks"), sum("conversions"), sum("revenue"), sum("payout")
  FROM "inserted_rows"
  GROUP BY "account_id", "date", "advertiser"
  ON CONFLICT ("account_id", "date", "advertiser") DO UPDATE SET
    "impressions" = "report_advertiser_daily"."impressions" + excluded."impressions",
    "clicks" = "report_advertiser_daily"."clicks" + excluded."clicks",
    "conversions" = "report_advertiser_daily"."conversions" + excluded."conversions",
    "revenue" = "report_advertiser_daily"."revenue" + excluded."revenue",
    "payout" = "report_advertiser_daily"."payout" + excluded."payout";

  INSERT INTO "report_campaign_monthly" ("account_id", "month", "advertiser", "campaign", "impressions", "clicks", "conversions", "revenue", "payout")
  SELECT "account_id", date_trunc('month', "date")::date, "advertiser", "campaign", sum("impressions"), sum("clicks"), sum("conversions"), sum("revenue"), sum("payout")
  FROM "inserted_rows"
  GROUP BY "account_id", date_trunc('month', "date")::date, "advertiser", "campaign"
  ON CONFLICT ("account_id", "month", "advertiser", "campaign") DO UPDATE SET
    "impressions" = "report_campaign_monthly"."impressions" + excluded."impressions",
    "clicks" = "report_campaign_monthly"."clicks" + excluded."clicks",
    "conversions" = "report_campaign_monthly"."conversions" + excluded."conversions",
    "revenue" = "report_campaign_monthly"."revenue" + excluded."revenue",
    "payout" = "report_campaign_monthly"."payout" + excluded."payout";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows that existed before this migration.
INSERT INTO "report_campaign_monthly" ("account_id", "month", "advertiser", "campaign", "impressions", "clicks", "conversions", "revenue", "payout")
SELECT "account_id", date_trunc('month', "date")::date, "advertiser", "campaign", sum("impressions"), sum("clicks"), sum("conversions"), sum("revenue"), sum("payout")
FROM "report_daily"
GROUP BY "account_id", date_trunc('month', "date")::date, "advertiser", "campaign";
