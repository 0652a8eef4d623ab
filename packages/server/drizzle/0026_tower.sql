CREATE TABLE "api_token" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"scopes" jsonb NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"hint" varchar(12) NOT NULL,
	"expires_at" date NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "batch_milestone" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"planned" date,
	"baseline" date,
	"actual" timestamp with time zone,
	"projected" date,
	"basis" varchar(12) DEFAULT 'none' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_plan" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"required_on_site" date,
	"margin_days" integer DEFAULT 7 NOT NULL,
	"baseline_required_on_site" date,
	"baseline_at" timestamp with time zone,
	"lane" varchar(11),
	"projected_delivery" date,
	"slack_days" integer,
	"health" integer,
	"next_milestone" varchar(16),
	"projected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exception_comment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"exception_id" bigint NOT NULL,
	"author_tenant_id" bigint NOT NULL,
	"content" varchar(2000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lane_default" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"port_of_loading" varchar(5) NOT NULL,
	"port_of_discharge" varchar(5) NOT NULL,
	"packed_days" integer,
	"loaded_days" integer,
	"shipped_days" integer,
	"arrived_days" integer,
	"cleared_days" integer,
	"delivered_days" integer,
	"received_days" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "tower_exception" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"kind" varchar(24) NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"owner_tenant_id" bigint,
	"owner_party" varchar(12),
	"opened_by_tenant_id" bigint,
	"source" varchar(8) NOT NULL,
	"dedupe_key" varchar(80),
	"title" varchar(200),
	"title_code" varchar(64),
	"params" jsonb,
	"description" text,
	"milestone" varchar(16),
	"due_date" date,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" varchar(64),
	"closed_at" timestamp with time zone,
	"ref_entity" varchar(32),
	"ref_id" bigint
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"webhook_id" bigint NOT NULL,
	"event_id" varchar(40) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"body" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_status" integer,
	"last_answer" varchar(500),
	"last_error" varchar(500),
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"url" varchar(500) NOT NULL,
	"secret_enc" text NOT NULL,
	"events" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" varchar(255)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_token_hash_uq" ON "api_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_token_tenant_idx" ON "api_token" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_milestone_uq" ON "batch_milestone" USING btree ("batch_id","code");--> statement-breakpoint
CREATE INDEX "batch_milestone_due_idx" ON "batch_milestone" USING btree ("planned") WHERE "batch_milestone"."actual" is null;--> statement-breakpoint
CREATE INDEX "batch_milestone_actual_idx" ON "batch_milestone" USING btree ("tenant_id","actual");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_plan_batch_uq" ON "batch_plan" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "batch_plan_tenant_idx" ON "batch_plan" USING btree ("tenant_id","health");--> statement-breakpoint
CREATE INDEX "batch_plan_project_idx" ON "batch_plan" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "batch_plan_lane_idx" ON "batch_plan" USING btree ("tenant_id","lane");--> statement-breakpoint
CREATE INDEX "exception_comment_exception_idx" ON "exception_comment" USING btree ("exception_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "lane_default_uq" ON "lane_default" USING btree ("tenant_id","port_of_loading","port_of_discharge");--> statement-breakpoint
CREATE INDEX "tower_exception_tenant_idx" ON "tower_exception" USING btree ("tenant_id","status","create_time");--> statement-breakpoint
CREATE INDEX "tower_exception_owner_idx" ON "tower_exception" USING btree ("owner_tenant_id","status","create_time");--> statement-breakpoint
CREATE INDEX "tower_exception_opener_idx" ON "tower_exception" USING btree ("opened_by_tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "tower_exception_batch_idx" ON "tower_exception" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "tower_exception_project_idx" ON "tower_exception" USING btree ("project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tower_exception_open_uq" ON "tower_exception" USING btree ("dedupe_key") WHERE "tower_exception"."status" < 2;--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("next_attempt_at") WHERE "webhook_delivery"."status" = 0;--> statement-breakpoint
CREATE INDEX "webhook_delivery_tenant_idx" ON "webhook_delivery" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "webhook_delivery_webhook_idx" ON "webhook_delivery" USING btree ("webhook_id","create_time");--> statement-breakpoint
CREATE INDEX "webhook_tenant_idx" ON "webhook" USING btree ("tenant_id");