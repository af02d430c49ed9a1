CREATE TABLE "admin_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"user_kind" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_day_user_id_provider_model_pk" PRIMARY KEY("day","user_id","provider","model")
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "disabled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "daily_token_budget" bigint;--> statement-breakpoint
CREATE INDEX "usage_daily_user_day_idx" ON "usage_daily" USING btree ("user_id","day");--> statement-breakpoint
-- The roll-up of every answer saved before it existed (usage_daily; see lib/db/admin-schema.ts):
-- one row per UTC day of the answer, user, provider ('' = the default one) and model. A token
-- count is used only when it is a number, between 0 and 10^12.
INSERT INTO "usage_daily" ("day", "user_id", "user_kind", "provider", "model", "messages", "input_tokens", "output_tokens")
SELECT
	(m."created_at" AT TIME ZONE 'UTC')::date,
	c."user_id",
	coalesce(min(u."kind"), 'guest'),
	coalesce(m."comparison"->>'provider', c."provider", ''),
	coalesce(m."model", c."model", ''),
	count(*),
	coalesce(sum(CASE WHEN jsonb_typeof(m."usage"->'prompt_tokens') = 'number'
		THEN least(greatest((m."usage"->>'prompt_tokens')::numeric, 0), 1e12)::bigint ELSE 0 END), 0),
	coalesce(sum(CASE WHEN jsonb_typeof(m."usage"->'completion_tokens') = 'number'
		THEN least(greatest((m."usage"->>'completion_tokens')::numeric, 0), 1e12)::bigint ELSE 0 END), 0)
FROM "messages" m
JOIN "conversations" c ON c."id" = m."conversation_id"
LEFT JOIN "users" u ON u."id" = c."user_id"
WHERE m."role" = 'assistant' AND m."status" <> 'streaming'
GROUP BY 1, 2, 4, 5;
