CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"stars" integer NOT NULL,
	"review" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_stars_range" CHECK ("ratings"."stars" between 1 and 5),
	CONSTRAINT "ratings_review_length" CHECK (char_length("ratings"."review") <= 500)
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "rating_stars" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "rating_average" numeric(3, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_shop_user_key" ON "ratings" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "ratings_shop_newest_idx" ON "ratings" USING btree ("shop_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ratings_user_newest_idx" ON "ratings" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shops_rating_idx" ON "shops" USING btree ("rating_average" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The shop keeps its own totals, changed by one row on each rating's write, so no page counts ratings.
-- Adding to the row's current counts stays right under concurrent writes: each waits for the row's lock.
CREATE OR REPLACE FUNCTION shops_set_rating_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s integer[] := NEW.rating_stars;
BEGIN
  NEW.rating_count := s[1] + s[2] + s[3] + s[4] + s[5];
  NEW.rating_average := CASE WHEN NEW.rating_count = 0 THEN 0
    ELSE round((s[1] + 2 * s[2] + 3 * s[3] + 4 * s[4] + 5 * s[5])::numeric / NEW.rating_count, 2) END;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_rating_totals
BEFORE UPDATE OF rating_stars ON shops
FOR EACH ROW EXECUTE FUNCTION shops_set_rating_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ratings_count_on_shop() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.stars = OLD.stars AND NEW.shop_id = OLD.shop_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE shops SET rating_stars[OLD.stars] = rating_stars[OLD.stars] - 1 WHERE id = OLD.shop_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE shops SET rating_stars[NEW.stars] = rating_stars[NEW.stars] + 1 WHERE id = NEW.shop_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ratings_count_on_shop
AFTER INSERT OR DELETE OR UPDATE OF stars, shop_id ON ratings
FOR EACH ROW EXECUTE FUNCTION ratings_count_on_shop();
