ALTER TABLE "ads" ADD COLUMN "authorization_url" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "access_code" text;