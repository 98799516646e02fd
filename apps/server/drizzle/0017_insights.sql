CREATE TABLE "insight_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"insight_id" text NOT NULL,
	"type" text NOT NULL,
	"metric" text NOT NULL,
	"series_key" text NOT NULL,
	"useful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_mutes" (
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"series_key" text NOT NULL,
	"muted_until" timestamp with time zone NOT NULL,
	CONSTRAINT "insight_mutes_account_id_user_id_series_key_pk" PRIMARY KEY("account_id","user_id","series_key")
);
--> statement-breakpoint
CREATE TABLE "insight_runs" (
	"account_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"request_key" text NOT NULL,
	"data_stamp" text NOT NULL,
	"payload" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_runs_account_id_scope_request_key_pk" PRIMARY KEY("account_id","scope","request_key")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "insights_narrative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_feedback" ADD CONSTRAINT "insight_feedback_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_feedback" ADD CONSTRAINT "insight_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_mutes" ADD CONSTRAINT "insight_mutes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_mutes" ADD CONSTRAINT "insight_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_runs" ADD CONSTRAINT "insight_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_feedback_account_created_idx" ON "insight_feedback" USING btree ("account_id","created_at");