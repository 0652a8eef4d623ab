CREATE TABLE "reconciliation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"party_tenant_id" bigint NOT NULL,
	"statement_no" varchar(64),
	"remark" varchar(500),
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"submit_time" timestamp with time zone,
	"confirm_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_document" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"party_tenant_id" bigint NOT NULL,
	"doc_type" varchar(32) NOT NULL,
	"doc_no" varchar(64),
	"name" varchar(200) NOT NULL,
	"remark" varchar(500),
	"file_ids" bigint[] DEFAULT '{}' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"submit_time" timestamp with time zone,
	"confirm_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "reconciliation_tenant_idx" ON "reconciliation" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "reconciliation_party_idx" ON "reconciliation" USING btree ("party_tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "trade_document_batch_idx" ON "trade_document" USING btree ("batch_id","doc_type");--> statement-breakpoint
CREATE INDEX "trade_document_tenant_idx" ON "trade_document" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "trade_document_party_idx" ON "trade_document" USING btree ("party_tenant_id");