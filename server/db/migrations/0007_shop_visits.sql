-- Unlogged: each row matters for 30 minutes, and a repeated view then writes no WAL; a crash empties the
-- table, which costs at most one more visit per visitor.
CREATE UNLOGGED TABLE "shop_visits" (
	"shop_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_visits_shop_id_visitor_pk" PRIMARY KEY("shop_id","visitor")
);
--> statement-breakpoint
CREATE INDEX "shop_visits_seen_idx" ON "shop_visits" USING btree ("seen_at");
