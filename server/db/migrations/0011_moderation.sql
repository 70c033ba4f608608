CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" uuid,
	"shop_id" uuid NOT NULL,
	"rating_id" uuid,
	"action" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_known" CHECK ("moderation_actions"."action" in ('dismiss', 'hide', 'restore')),
	CONSTRAINT "moderation_actions_note_length" CHECK (char_length("moderation_actions"."note") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"rating_id" uuid,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "reports_reason_known" CHECK ("reports"."reason" in ('scam', 'misleading', 'prohibited', 'offensive', 'other')),
	CONSTRAINT "reports_details_length" CHECK (char_length("reports"."details") <= 500)
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_shop_idx" ON "moderation_actions" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_rating_idx" ON "moderation_actions" USING btree ("rating_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_shop_key" ON "reports" USING btree ("reporter_id","shop_id") WHERE "reports"."rating_id" is null and "reports"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_review_key" ON "reports" USING btree ("reporter_id","rating_id") WHERE "reports"."rating_id" is not null and "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "reports_shop_idx" ON "reports" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "reports_rating_idx" ON "reports" USING btree ("rating_id");--> statement-breakpoint
-- A hidden rating counts as removed from the shop's totals, and restoring it counts it again.
CREATE OR REPLACE FUNCTION ratings_count_on_shop() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.stars = OLD.stars AND NEW.shop_id = OLD.shop_id AND (NEW.hidden_at IS NULL) = (OLD.hidden_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.hidden_at IS NULL THEN
    UPDATE shops SET rating_stars[OLD.stars] = rating_stars[OLD.stars] - 1 WHERE id = OLD.shop_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.hidden_at IS NULL THEN
    UPDATE shops SET rating_stars[NEW.stars] = rating_stars[NEW.stars] + 1 WHERE id = NEW.shop_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER ratings_count_on_shop ON ratings;
--> statement-breakpoint
CREATE TRIGGER ratings_count_on_shop
AFTER INSERT OR DELETE OR UPDATE OF stars, shop_id, hidden_at ON ratings
FOR EACH ROW EXECUTE FUNCTION ratings_count_on_shop();
