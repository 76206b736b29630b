CREATE TABLE "course_feedback" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"popup_type" text NOT NULL,
	"score" integer NOT NULL,
	"freetext" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_feedback_user_id_course_id_popup_type_pk" PRIMARY KEY("user_id","course_id","popup_type")
);
--> statement-breakpoint
CREATE TABLE "lesson_questionnaire_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"lesson_id" uuid NOT NULL,
	"useful" boolean NOT NULL,
	"comment" text,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_questionnaire_answers" ADD CONSTRAINT "lesson_questionnaire_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_questionnaire_answers" ADD CONSTRAINT "lesson_questionnaire_answers_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_questionnaire_lesson_idx" ON "lesson_questionnaire_answers" USING btree ("lesson_id");