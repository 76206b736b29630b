ALTER TABLE "users" ADD COLUMN "accepted_terms_versions" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The versions each learner accepted so far, so the session lookup reads them from identity's own row.
UPDATE "users" SET "accepted_terms_versions" = "accepted"."versions"
  FROM (SELECT "user_id", array_agg("terms_version" ORDER BY "accepted_at") AS "versions" FROM "agreement_acceptances" GROUP BY "user_id") AS "accepted"
  WHERE "accepted"."user_id" = "users"."id";
