ALTER TABLE "shops" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "area" text;--> statement-breakpoint
CREATE INDEX "shops_state_created_idx" ON "shops" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);