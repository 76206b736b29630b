CREATE TABLE "legacy_badge_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"csv" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"rejected_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_source_event_id_unique";--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "reminded_for_expiry" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legacy_badge_imports" ADD CONSTRAINT "legacy_badge_imports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badges_expires_at_idx" ON "badges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_source_event_key" ON "notifications" USING btree ("user_id","source_event_id");