ALTER TABLE "conversations" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "context_start_id" uuid;