-- pg_current_xact_id() is stable, so the rows already there all get this migration's transaction id (no rewrite), below every later one.
ALTER TABLE "events" ADD COLUMN "transaction_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "events_transaction_seq_idx" ON "events" USING btree ("transaction_id","seq");
