CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_phones" (
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_phones_user_id_phone_pk" PRIMARY KEY("user_id","phone")
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_phones" ADD CONSTRAINT "verified_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_user_created_idx" ON "phone_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_phone_created_idx" ON "phone_codes" USING btree ("phone","created_at");--> statement-breakpoint
-- Derived, so a new number is unverified until its owner proves it, whichever code path changed it (decision 084).
CREATE OR REPLACE FUNCTION shops_set_phone_verified() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.phone_verified := EXISTS (
    SELECT 1 FROM verified_phones v
    WHERE v.user_id = NEW.owner_id
      AND v.phone = coalesce(NEW.phone, (SELECT u.phone_number FROM users u WHERE u.id = NEW.owner_id))
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_phone_verified
BEFORE INSERT OR UPDATE OF phone, owner_id ON shops
FOR EACH ROW EXECUTE FUNCTION shops_set_phone_verified();
--> statement-breakpoint
-- Shops without their own number call the owner's.
CREATE OR REPLACE FUNCTION users_refresh_shops_phone_verified() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  verified boolean := EXISTS (SELECT 1 FROM verified_phones v WHERE v.user_id = NEW.id AND v.phone = NEW.phone_number);
BEGIN
  UPDATE shops SET phone_verified = verified
  WHERE owner_id = NEW.id AND phone IS NULL AND phone_verified IS DISTINCT FROM verified;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_shops_phone_verified
AFTER UPDATE OF phone_number ON users
FOR EACH ROW WHEN (OLD.phone_number IS DISTINCT FROM NEW.phone_number)
EXECUTE FUNCTION users_refresh_shops_phone_verified();
--> statement-breakpoint
-- (user_id, phone) is the key, so a deleted row leaves no other proof of that number for that owner.
CREATE OR REPLACE FUNCTION verified_phones_mark_shops() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed verified_phones := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  verified boolean := TG_OP = 'INSERT';
BEGIN
  UPDATE shops s SET phone_verified = verified
  FROM users u
  WHERE s.owner_id = changed.user_id AND u.id = s.owner_id
    AND coalesce(s.phone, u.phone_number) = changed.phone
    AND s.phone_verified IS DISTINCT FROM verified;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER verified_phones_mark_shops
AFTER INSERT OR DELETE ON verified_phones
FOR EACH ROW EXECUTE FUNCTION verified_phones_mark_shops();
