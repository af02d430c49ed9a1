-- Message search indexes skip answers still being written: re-indexing a growing answer on
-- every save slowed streaming (PGlite runs in the app's own thread).
DROP INDEX "messages_content_fts_idx";--> statement-breakpoint
DROP INDEX "messages_content_trgm_idx";--> statement-breakpoint
CREATE INDEX "messages_content_fts_idx" ON "messages" USING gin (to_tsvector('simple', left("content", 100000))) WHERE "messages"."status" <> 'streaming';--> statement-breakpoint
CREATE INDEX "messages_content_trgm_idx" ON "messages" USING gin ("content" gin_trgm_ops) WHERE "messages"."status" <> 'streaming';