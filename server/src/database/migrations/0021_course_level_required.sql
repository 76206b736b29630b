-- Certification courses were imported without a level (cards then showed 初級 for Advanced ones). Rows
-- already there get the level the content pack now carries (Basic BEGINNER, Advanced ADVANCED) before
-- the column may no longer be empty; the next content import writes the same values.
UPDATE "courses" SET "level" = CASE WHEN "slug" LIKE '%-advanced' THEN 'ADVANCED' ELSE 'BEGINNER' END WHERE "level" IS NULL;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "level" SET NOT NULL;
