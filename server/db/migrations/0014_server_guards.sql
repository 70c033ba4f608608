-- Unlogged, as shop_visits: a crash empties it, which lets each address start a new window early.
CREATE UNLOGGED TABLE "shop_visit_addresses" (
	"shop_id" uuid NOT NULL,
	"address" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "shop_visit_addresses_shop_id_address_pk" PRIMARY KEY("shop_id","address")
);
--> statement-breakpoint
CREATE INDEX "shop_visit_addresses_window_idx" ON "shop_visit_addresses" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "shops_hidden_idx" ON "shops" USING btree ("id") WHERE "shops"."hidden_at" is not null;--> statement-breakpoint
-- Control characters stored before the API refused them (app/lib/rules/text.ts) are removed; a required
-- text left blank by that reads "-". Emails stay as they are: they name accounts, and must stay unique.
UPDATE "shops" SET
  "name" = coalesce(nullif(btrim(regexp_replace("name", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')), ''), '-'),
  "address" = coalesce(nullif(btrim(regexp_replace("address", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')), ''), '-'),
  "category" = coalesce(nullif(btrim(regexp_replace("category", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')), ''), '-'),
  "description" = coalesce(nullif(btrim(regexp_replace("description", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')), ''), '-'),
  "area" = nullif(btrim(regexp_replace("area", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')), ''),
  "hidden_reason" = regexp_replace("hidden_reason", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g'),
  "tags" = array(
    SELECT cleaned FROM unnest("tags") WITH ORDINALITY AS tag(value, place), btrim(regexp_replace(tag.value, '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')) AS cleaned
    WHERE cleaned <> '' ORDER BY tag.place
  )
WHERE concat_ws(' ', "name", "address", "category", "description", "area", "hidden_reason", array_to_string("tags", ' ')) ~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]';--> statement-breakpoint
UPDATE "products" SET "name" = coalesce(nullif(btrim(regexp_replace("name", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')), ''), '-') WHERE "name" ~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]';--> statement-breakpoint
UPDATE "ratings" SET "review" = btrim(regexp_replace("review", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')) WHERE "review" ~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]';--> statement-breakpoint
UPDATE "reports" SET "details" = btrim(regexp_replace("details", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')) WHERE "details" ~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]';--> statement-breakpoint
UPDATE "moderation_actions" SET "note" = coalesce(nullif(btrim(regexp_replace("note", '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]', '', 'g')), ''), '-') WHERE "note" ~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]';
