ALTER TABLE "users" ADD COLUMN "message_mail_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "renewal_mail_alerts" boolean DEFAULT true NOT NULL;