DROP INDEX "shops_created_idx";--> statement-breakpoint
CREATE INDEX "shops_created_idx" ON "shops" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);