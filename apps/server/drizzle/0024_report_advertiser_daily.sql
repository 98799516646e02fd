-- A roll-up per account, day and advertiser beside report_daily (docs/scaling.md), kept by the
-- same statement trigger, in the same transaction as an import. The overview's KPIs, trend and
-- advertiser breakdown need no campaign: here two years of the largest bench account are
-- 29,000 rows, not report_daily's 292,000, and an advertiser's rows lie together.
-- Hand-written here (Drizzle cannot say them): the primary key INCLUDEs the sums, so those reads
-- are index-only scans without a second index for every import to write; the trigger function;
-- the backfill.
CREATE TABLE "report_advertiser_daily" (
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"advertiser" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" bigint NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"payout" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_advertiser_daily_pk" PRIMARY KEY("account_id","date","advertiser") INCLUDE ("impressions", "clicks", "conversions", "revenue", "payout")
);
--> statement-breakpoint
ALTER TABLE "report_advertiser_daily" ADD CONSTRAINT "report_advertiser_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
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
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows that existed before this migration.
INSERT INTO "report_advertiser_daily" ("account_id", "date", "advertiser", "impressions", "clicks", "conversions", "revenue", "payout")
SELECT "account_id", "date", "advertiser", sum("impressions"), sum("clicks"), sum("conversions"), sum("revenue"), sum("payout")
FROM "report_daily"
GROUP BY "account_id", "date", "advertiser";
