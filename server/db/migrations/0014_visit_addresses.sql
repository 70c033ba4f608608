-- Unlogged, as shop_visits: a crash empties it, which lets each address start a new window early.
CREATE UNLOGGED TABLE "shop_visit_addresses" (
	"shop_id" uuid NOT NULL,
	"address" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "shop_visit_addresses_shop_id_address_pk" PRIMARY KEY("shop_id","address")
);
--> statement-breakpoint
CREATE INDEX "shop_visit_addresses_window_idx" ON "shop_visit_addresses" USING btree ("window_start");