CREATE TABLE "rating_answers" (
	"rating_id" uuid PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_answers_body_length" CHECK (char_length("rating_answers"."body") between 1 and 500)
);
--> statement-breakpoint
DROP INDEX "reports_open_review_key";--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "about_answer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "about_answer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_answers" ADD CONSTRAINT "rating_answers_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_review_key" ON "reports" USING btree ("reporter_id","rating_id","about_answer") WHERE "reports"."rating_id" is not null and "reports"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_answer_of_review" CHECK (not "reports"."about_answer" or "reports"."rating_id" is not null);