-- Trigram matching for search (text without spaces). PGlite loads it as an extension
-- (lib/server/db/client.ts); on PostgreSQL it ships with contrib and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "conversations_deleted_idx" ON "conversations" USING btree ("deleted_at") WHERE "conversations"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "conversations_title_fts_idx" ON "conversations" USING gin (to_tsvector('simple', "title"));--> statement-breakpoint
CREATE INDEX "conversations_title_trgm_idx" ON "conversations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_content_fts_idx" ON "messages" USING gin (to_tsvector('simple', left("content", 100000)));--> statement-breakpoint
CREATE INDEX "messages_content_trgm_idx" ON "messages" USING gin ("content" gin_trgm_ops);