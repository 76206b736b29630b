CREATE TABLE "migrated_badge_applications" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Migrations made before this one had their badges made in their own transaction: already applied.
INSERT INTO "migrated_badge_applications" ("event_id", "applied_at")
SELECT "id", "occurred_at" FROM "events" WHERE "type" = 'CloudCampusBadgesMigrated';--> statement-breakpoint
DROP INDEX "badges_without_certificate_idx";--> statement-breakpoint
ALTER TABLE "badges" DROP COLUMN "certificate_id";
