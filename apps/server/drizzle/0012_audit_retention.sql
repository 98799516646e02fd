CREATE TABLE "audit_checkpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"rows" integer NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_repeats" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_repeats" ADD CONSTRAINT "audit_repeats_event_id_audit_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."audit_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_checkpoints_chain_seq_idx" ON "audit_checkpoints" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_events_chain_at_idx" ON "audit_events" USING btree ("chain","at");--> statement-breakpoint
-- The retention purge (src/features/audit/audit-retention.ts) may delete only rows that a
-- checkpoint already covers and that are at least 30 days old, inside a transaction that says
-- `SET LOCAL audit.purge = 'on'`: a connection that sets the flag still cannot remove recent rows,
-- nor old ones without leaving the checkpoint that says it did.
CREATE OR REPLACE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.purge', true) = 'on'
     AND OLD.at < now() - interval '30 days'
     AND EXISTS (SELECT 1 FROM audit_checkpoints c WHERE c.chain = OLD.chain AND c.seq >= OLD.seq) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE FUNCTION refuse_audit_checkpoint_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_checkpoints is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_append_only BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_checkpoint_change();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_checkpoint_change();
