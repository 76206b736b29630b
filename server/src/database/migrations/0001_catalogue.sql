CREATE TABLE "categories" (
	"program" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "categories_program_slug_pk" PRIMARY KEY("program","slug")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"program" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"level" text,
	"categories" jsonb NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"login_required" boolean DEFAULT false NOT NULL,
	"exam" jsonb,
	"badge_valid_months" integer,
	"position" integer NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "featured_items" (
	"position" integer PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"headline" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"login_required" boolean DEFAULT false NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"body" text NOT NULL,
	"slides" jsonb NOT NULL,
	"video" text,
	"pdf_path" text,
	"related_links" jsonb NOT NULL,
	"checks" jsonb NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"code" text PRIMARY KEY NOT NULL,
	"service_slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "programs_service_slug_unique" UNIQUE("service_slug")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"course_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"topic" text NOT NULL,
	"type" text NOT NULL,
	"prompt" text NOT NULL,
	"choices" jsonb NOT NULL,
	"explanation" text NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "questions_course_id_question_id_pk" PRIMARY KEY("course_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "site_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_program_programs_code_fk" FOREIGN KEY ("program") REFERENCES "public"."programs"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_items" ADD CONSTRAINT "featured_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_kind_slug_key" ON "courses" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "courses_program_kind_idx" ON "courses" USING btree ("program","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_course_slug_key" ON "lessons" USING btree ("course_id","slug");