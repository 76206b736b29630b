ALTER TABLE "open_badge_credentials" ADD COLUMN "superseded_by" uuid;--> statement-breakpoint
ALTER TABLE "open_badge_credentials" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "open_badge_credentials" ADD CONSTRAINT "open_badge_credentials_superseded_by_open_badge_credentials_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."open_badge_credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_badge_credentials_line_idx" ON "open_badge_credentials" USING btree ("user_id","course_id") WHERE "open_badge_credentials"."superseded_by" is null;--> statement-breakpoint
-- Lines already holding several credentials (passes repeated before 更新受験 existed): every one but the latest
-- award points to it, as issuing does from now on. No event is appended for these: the history has the issues.
UPDATE "open_badge_credentials" AS "older"
   SET "superseded_by" = "latest"."id", "superseded_at" = "latest"."issued_at"
  FROM (
    SELECT DISTINCT ON ("user_id", "course_id") "id", "user_id", "course_id", "issued_at"
      FROM "open_badge_credentials"
     ORDER BY "user_id", "course_id", "valid_from" DESC, "issued_at" DESC
  ) AS "latest"
 WHERE "older"."user_id" = "latest"."user_id" AND "older"."course_id" = "latest"."course_id" AND "older"."id" <> "latest"."id";
