ALTER TABLE "products" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Every stored product photo, cover first, for what handles files (sweep, hiding, backups, deletes).
CREATE VIEW "product_images" AS
SELECT "id" AS "product_id", "shop_id", "image", 0 AS "place" FROM "products"
UNION ALL
SELECT "products"."id", "products"."shop_id", "photo"."value", "photo"."ordinality"::int
FROM "products" CROSS JOIN LATERAL jsonb_array_elements("products"."photos") WITH ORDINALITY AS "photo";
