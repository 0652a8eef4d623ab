CREATE TABLE "direct_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"from_user_id" bigint NOT NULL,
	"to_user_id" bigint NOT NULL,
	"to_tenant_id" bigint NOT NULL,
	"content" varchar(2000) NOT NULL,
	"read_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(500)
);
--> statement-breakpoint
ALTER TABLE "change_record" ADD COLUMN "project_id" bigint;--> statement-breakpoint
ALTER TABLE "change_record" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "change_record" ADD COLUMN "actor_tenant_id" bigint;--> statement-breakpoint
ALTER TABLE "change_record" ADD COLUMN "party_tenant_id" bigint;--> statement-breakpoint
ALTER TABLE "change_record" ADD COLUMN "place" varchar(100);--> statement-breakpoint
CREATE INDEX "direct_message_to_idx" ON "direct_message" USING btree ("to_user_id","create_time");--> statement-breakpoint
CREATE INDEX "direct_message_from_idx" ON "direct_message" USING btree ("from_user_id","create_time");--> statement-breakpoint
CREATE INDEX "sys_outbox_pending_idx" ON "sys_outbox" USING btree ("id") WHERE delivered_at is null;--> statement-breakpoint
CREATE INDEX "change_record_batch_idx" ON "change_record" USING btree ("batch_id","create_time");--> statement-breakpoint
CREATE INDEX "change_record_entity_idx" ON "change_record" USING btree ("entity","entity_id","create_time");--> statement-breakpoint
CREATE INDEX "change_record_tenant_time_idx" ON "change_record" USING btree ("tenant_id","create_time");--> statement-breakpoint
-- Existing history: the batch, project and parties move from the JSON detail to typed columns.
UPDATE "change_record" SET
	"project_id" = NULLIF("data"->>'projectId', '')::bigint,
	"batch_id" = NULLIF("data"->>'batchId', '')::bigint,
	"party_tenant_id" = NULLIF("data"->>'partyTenantId', '')::bigint,
	"actor_tenant_id" = NULLIF("data"->>'actorTenantId', '')::bigint,
	"data" = NULLIF("data" - 'projectId' - 'batchId' - 'partyTenantId' - 'actorTenantId', '{}'::jsonb)
WHERE jsonb_typeof("data") = 'object';
