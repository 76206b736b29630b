CREATE TABLE "course_drafts" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "question_versions" (
	"course_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"topic" text NOT NULL,
	"type" text NOT NULL,
	"prompt" text NOT NULL,
	"choices" jsonb NOT NULL,
	"explanation" text NOT NULL,
	"difficulty" text,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_by" uuid,
	CONSTRAINT "question_versions_course_id_question_id_version_pk" PRIMARY KEY("course_id","question_id","version")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "thumbnail_path" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "captions_path" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "difficulty" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_drafts_kind_slug_key" ON "course_drafts" USING btree ("kind","slug");--> statement-breakpoint
-- The bank imported before the studio becomes each question's first, published version.
INSERT INTO "question_versions" ("course_id", "question_id", "version", "status", "topic", "type", "prompt", "choices", "explanation")
SELECT "course_id", "question_id", 1, 'published', "topic", "type", "prompt", "choices", "explanation" FROM "questions";
