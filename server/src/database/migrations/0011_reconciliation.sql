ALTER TABLE "badges" ADD COLUMN "certificate_id" uuid;--> statement-breakpoint
CREATE INDEX "badges_without_certificate_idx" ON "badges" USING btree ("awarded_at") WHERE "badges"."certificate_id" is null;--> statement-breakpoint
CREATE INDEX "exam_sessions_ungraded_idx" ON "exam_sessions" USING btree ("finished_at") WHERE "exam_sessions"."status" in ('submitted', 'expired');--> statement-breakpoint
-- Awards that already have their certificate say so; the rest (e.g. Cloud Campus badges) wait for the reconciler.
UPDATE "badges" b SET "certificate_id" = c."id" FROM "certificates" c WHERE c."user_id" = b."user_id" AND c."course_id" = b."course_id" AND c."issued_at" = b."awarded_at";
