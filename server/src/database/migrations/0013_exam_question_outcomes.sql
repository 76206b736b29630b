CREATE TABLE "exam_question_outcomes" (
	"exam_session_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"prompt" text NOT NULL,
	"correct" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_question_outcomes_exam_session_id_question_id_pk" PRIMARY KEY("exam_session_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "exam_question_outcomes" ADD CONSTRAINT "exam_question_outcomes_exam_session_id_exam_sessions_id_fk" FOREIGN KEY ("exam_session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_outcomes" ADD CONSTRAINT "exam_question_outcomes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_question_outcomes_course_idx" ON "exam_question_outcomes" USING btree ("course_id","started_at");--> statement-breakpoint
-- Sessions graded before this version, once: right when exactly the correct choices were chosen (grading's rule, `isRight`).
INSERT INTO "exam_question_outcomes" ("exam_session_id", "question_id", "course_id", "topic", "prompt", "correct", "started_at")
SELECT s."id", q->>'questionId', s."course_id", q->>'topic', q->>'prompt',
       coalesce((SELECT array_agg(c->>'choiceId' ORDER BY c->>'choiceId') FROM jsonb_array_elements(q->'choices') c WHERE (c->>'correct')::boolean), '{}')
       = coalesce((SELECT array_agg(DISTINCT chosen ORDER BY chosen)
                     FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(s."answers"->(q->>'questionId')) = 'array' THEN s."answers"->(q->>'questionId') ELSE '[]'::jsonb END) chosen), '{}'),
       s."started_at"
  FROM "exam_sessions" s CROSS JOIN LATERAL jsonb_array_elements(s."questions") q
 WHERE s."status" = 'graded'
ON CONFLICT DO NOTHING;
