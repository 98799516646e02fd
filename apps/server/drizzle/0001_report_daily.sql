CREATE TABLE "report_daily" (
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"advertiser" text NOT NULL,
	"campaign" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" bigint NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"payout" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_daily_account_id_date_advertiser_campaign_pk" PRIMARY KEY("account_id","date","advertiser","campaign")
);
--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;