CREATE TABLE "credit_info" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"bank_account" varchar(34) NOT NULL,
	"account_name" varchar(100),
	"swift_code" varchar(11) NOT NULL,
	"credit_rating" varchar(4),
	"credit_limit" numeric(18, 2),
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "financing_application" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"application_no" varchar(32) NOT NULL,
	"basis_type" varchar(16) NOT NULL,
	"basis_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"debtor_tenant_id" bigint NOT NULL,
	"amount" numeric(19, 3) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"term_days" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"remark" varchar(500),
	"disbursed_on" date,
	"due_date" date,
	"repaid_on" date,
	"reminded_on" date
);
--> statement-breakpoint
CREATE TABLE "tariff_rate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"country" varchar(2) NOT NULL,
	"hs_prefix" varchar(10) NOT NULL,
	"mfn_rate" numeric(8, 4) NOT NULL,
	"preferential_rate" numeric(8, 4),
	"agreement" varchar(100),
	"vat_rate" numeric(8, 4),
	"note" varchar(1000),
	"source" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "trade_policy_note" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"country" varchar(2) NOT NULL,
	"hs_prefix" varchar(10) NOT NULL,
	"note_type" varchar(20) NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text,
	"source_url" varchar(500),
	"source_text" varchar(500),
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_info_tenant_uq" ON "credit_info" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "financing_tenant_idx" ON "financing_application" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "financing_basis_idx" ON "financing_application" USING btree ("basis_type","basis_id");--> statement-breakpoint
CREATE INDEX "financing_status_idx" ON "financing_application" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "financing_due_idx" ON "financing_application" USING btree ("due_date") WHERE "financing_application"."status" = 4;--> statement-breakpoint
CREATE UNIQUE INDEX "financing_no_uq" ON "financing_application" USING btree ("application_no");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_rate_uq" ON "tariff_rate" USING btree ("country","hs_prefix");--> statement-breakpoint
CREATE INDEX "trade_policy_note_lookup_idx" ON "trade_policy_note" USING btree ("country","hs_prefix");