CREATE TABLE "report_data_versions" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_data_versions" ADD CONSTRAINT "report_data_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the trigger that moves each inserted account's counter, in the inserting
-- transaction, once per statement (an import's COPY batches move it a few times; only a change
-- matters). A trigger of its own beside report_rows_roll_up, so the roll-ups' function is not
-- written out a fourth time. Accounts with rows before this migration start at 1.
CREATE FUNCTION "report_data_version_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_data_versions" ("account_id", "version")
  SELECT DISTINCT "account_id", 1 FROM "inserted_rows"
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "report_data_versions"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_data_version_bump"
AFTER INSERT ON "report_rows"
REFERENCING NEW TABLE AS "inserted_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "report_data_version_bump"();
--> statement-breakpoint
INSERT INTO "report_data_versions" ("account_id", "version")
SELECT DISTINCT "account_id", 1 FROM "report_advertiser_daily";
