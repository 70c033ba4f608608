CREATE TABLE "bank_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"user_id" uuid,
	"bank_name" text NOT NULL,
	"account_last4" text NOT NULL,
	"account_name" text NOT NULL,
	"matched" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_checks_last4" CHECK ("bank_checks"."account_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "bank_checks_name_length" CHECK (char_length("bank_checks"."account_name") <= 100)
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "bank_match" jsonb;--> statement-breakpoint
ALTER TABLE "bank_checks" ADD CONSTRAINT "bank_checks_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_checks" ADD CONSTRAINT "bank_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_checks_shop_idx" ON "bank_checks" USING btree ("shop_id","checked_at");--> statement-breakpoint
CREATE INDEX "shops_bank_matched_idx" ON "shops" USING btree ("id") WHERE "shops"."bank_match" is not null;