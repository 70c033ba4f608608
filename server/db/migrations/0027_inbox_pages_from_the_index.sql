DROP INDEX "threads_buyer_activity_idx";--> statement-breakpoint
DROP INDEX "threads_shop_activity_idx";--> statement-breakpoint
CREATE INDEX "threads_buyer_activity_idx" ON "threads" USING btree ("buyer_id","last_message_id" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "threads_shop_activity_idx" ON "threads" USING btree ("shop_id","last_message_id" DESC NULLS FIRST,"id");