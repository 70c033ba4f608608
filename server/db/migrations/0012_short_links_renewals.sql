CREATE TABLE "ad_reminders" (
	"shop_id" uuid NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_reminders_shop_id_ends_at_kind_pk" PRIMARY KEY("shop_id","ends_at","kind"),
	CONSTRAINT "ad_reminders_kind_known" CHECK ("ad_reminders"."kind" in ('ad-ends-soon', 'ad-ends-today'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "shop_id" uuid;--> statement-breakpoint
ALTER TABLE "ad_reminders" ADD CONSTRAINT "ad_reminders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "short_code" text;--> statement-breakpoint
-- A new shop's short link code: six characters of SHORT_CODE_ALPHABET (app/lib/rules/short-code.ts),
-- drawn again while another shop has them.
CREATE OR REPLACE FUNCTION kasuwa_short_code() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789abcdefghjkmnpqrstuvwxyz';
  code text;
BEGIN
  LOOP
    code := '';
    FOR i IN 1..6 LOOP
      code := code || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM shops WHERE short_code = code);
  END LOOP;
  RETURN code;
END
$$;
--> statement-breakpoint
-- One shop at a time, so each code is drawn seeing those given before it (a single UPDATE would not).
DO $$
DECLARE
  shop record;
BEGIN
  FOR shop IN SELECT id FROM shops WHERE short_code IS NULL LOOP
    UPDATE shops SET short_code = kasuwa_short_code() WHERE id = shop.id;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "shops" ALTER COLUMN "short_code" SET DEFAULT kasuwa_short_code();--> statement-breakpoint
ALTER TABLE "shops" ALTER COLUMN "short_code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shops_short_code_key" ON "shops" USING btree ("short_code");
