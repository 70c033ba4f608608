CREATE TABLE "stall_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"moderator_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stall_visits_note_length" CHECK (char_length("stall_visits"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "stall_visited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stall_visits" ADD CONSTRAINT "stall_visits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stall_visits" ADD CONSTRAINT "stall_visits_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stall_visits_shop_idx" ON "stall_visits" USING btree ("shop_id","visited_at");--> statement-breakpoint
CREATE INDEX "shops_stall_visited_idx" ON "shops" USING btree ("stall_visited_at") WHERE "shops"."stall_visited_at" is not null;