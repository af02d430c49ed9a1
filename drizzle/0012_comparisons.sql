DROP INDEX "generations_one_live_idx";--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "comparison_id" uuid;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "comparison" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "generations_one_live_idx" ON "generations" USING btree ("conversation_id","slot") WHERE "generations"."finished_at" is null;