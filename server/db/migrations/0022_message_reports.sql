DROP INDEX "reports_open_shop_key";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_message_idx" ON "moderation_actions" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_message_key" ON "reports" USING btree ("reporter_id","message_id") WHERE "reports"."message_id" is not null and "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "reports_message_idx" ON "reports" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_shop_key" ON "reports" USING btree ("reporter_id","shop_id") WHERE "reports"."rating_id" is null and "reports"."message_id" is null and "reports"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_item" CHECK ("reports"."rating_id" is null or "reports"."message_id" is null);