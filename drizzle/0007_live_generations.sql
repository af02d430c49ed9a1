CREATE TABLE "generation_events" (
	"generation_id" uuid NOT NULL,
	"first_seq" integer NOT NULL,
	"last_seq" integer NOT NULL,
	"events" text NOT NULL,
	CONSTRAINT "generation_events_generation_id_first_seq_pk" PRIMARY KEY("generation_id","first_seq")
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"lease_until" timestamp (3) with time zone NOT NULL,
	"stop_requested_at" timestamp (3) with time zone,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"outcome" text,
	"done_event" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generation_events" ADD CONSTRAINT "generation_events_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "generations_one_live_idx" ON "generations" USING btree ("conversation_id") WHERE "generations"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "generations_conversation_idx" ON "generations" USING btree ("conversation_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- Hand-written (not in the drizzle snapshot): wake listeners (LISTEN parley_live) when a turn's
-- log grows, a stop is requested or the turn finishes. Instances without LISTEN poll instead.
CREATE FUNCTION "parley_live_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'generation_events' THEN
    PERFORM pg_notify('parley_live', 'events:' || NEW.generation_id);
  ELSIF NEW.finished_at IS NOT NULL AND OLD.finished_at IS NULL THEN
    PERFORM pg_notify('parley_live', 'finished:' || NEW.id);
  ELSIF NEW.stop_requested_at IS NOT NULL AND OLD.stop_requested_at IS NULL THEN
    PERFORM pg_notify('parley_live', 'stop:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "generation_events_notify" AFTER INSERT ON "generation_events" FOR EACH ROW EXECUTE FUNCTION "parley_live_notify"();--> statement-breakpoint
CREATE TRIGGER "generations_notify" AFTER UPDATE OF "stop_requested_at", "finished_at" ON "generations" FOR EACH ROW EXECUTE FUNCTION "parley_live_notify"();
