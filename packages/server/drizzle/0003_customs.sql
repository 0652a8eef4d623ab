CREATE TABLE "assort" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"declare_id" bigint NOT NULL,
	"ticket_no" integer NOT NULL,
	"trade_mode" varchar(4),
	"contract_number" varchar(64),
	"status" integer DEFAULT 0 NOT NULL,
	"entry_number" varchar(18),
	"declared_time" timestamp with time zone,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "customs_clearance" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"broker_tenant_id" bigint,
	"status" integer DEFAULT 0 NOT NULL,
	"lodged_date" date,
	"inspection_date" date,
	"assessed_date" date,
	"paid_date" date,
	"released_date" date,
	"duties_amount" numeric(18, 2),
	"duties_currency" varchar(3),
	"place" varchar(100),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "decl_price" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"declare_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"total_purchase_price" numeric(20, 3) NOT NULL,
	"purchase_currency" varchar(3) NOT NULL,
	"premium_rate" numeric(10, 4) NOT NULL,
	"rate_month" varchar(7) NOT NULL,
	"conversion_factor" numeric(18, 6) NOT NULL,
	"declared_currency" varchar(3) NOT NULL,
	"declared_price" numeric(20, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declare_element" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"declare_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"hs_code" varchar(10),
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declare_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"declare_id" bigint NOT NULL,
	"assort_id" bigint,
	"line_no" integer NOT NULL,
	"hs_code" varchar(10),
	"name" varchar(200) NOT NULL,
	"elements" varchar(1000),
	"quantity" numeric(18, 3) NOT NULL,
	"confirmed_quantity" numeric(18, 3) NOT NULL,
	"unit" varchar(20) NOT NULL,
	"legal_unit1" varchar(20),
	"legal_quantity1" numeric(18, 3),
	"legal_unit2" varchar(20),
	"legal_quantity2" numeric(18, 3),
	"unit_price" numeric(18, 4),
	"total_price" numeric(20, 2),
	"currency" varchar(3),
	"origin_country" varchar(2),
	"destination_country" varchar(2),
	"domestic_source" varchar(10),
	"trade_mode" varchar(4) NOT NULL,
	"contract_number" varchar(64),
	"source" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "examine" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"declare_id" bigint NOT NULL,
	"line_id" bigint,
	"action" varchar(16) NOT NULL,
	"opinion" text,
	"author_tenant_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"currency" varchar(3) NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"month" varchar(7) NOT NULL,
	"rate" numeric(18, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_declare" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"broker_tenant_id" bigint,
	"direction" varchar(8) DEFAULT 'export' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" varchar(500),
	"customs_office" varchar(8),
	"port_of_exit" varchar(8),
	"trade_mode" varchar(4) DEFAULT '0110' NOT NULL,
	"transport_mode" varchar(2) DEFAULT '2' NOT NULL,
	"vessel_name" varchar(100),
	"voyage_no" varchar(40),
	"bl_number" varchar(64),
	"contract_number" varchar(64),
	"trading_country" varchar(2),
	"destination_country" varchar(2),
	"port_of_destination" varchar(8),
	"incoterm" varchar(3),
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"freight" numeric(18, 2),
	"insurance" numeric(18, 2),
	"other_charges" numeric(18, 2),
	"packages" integer,
	"package_type" varchar(32),
	"gross_weight" numeric(16, 3),
	"net_weight" numeric(16, 3),
	"remark" varchar(500),
	"submit_time" timestamp with time zone,
	"approve_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "assort_ticket_uq" ON "assort" USING btree ("declare_id","ticket_no");--> statement-breakpoint
CREATE INDEX "assort_tenant_idx" ON "assort" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "assort_batch_idx" ON "assort" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "assort_status_idx" ON "assort" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "customs_clearance_batch_uq" ON "customs_clearance" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "customs_clearance_tenant_idx" ON "customs_clearance" USING btree ("tenant_id","update_time");--> statement-breakpoint
CREATE INDEX "customs_clearance_broker_idx" ON "customs_clearance" USING btree ("broker_tenant_id");--> statement-breakpoint
CREATE INDEX "customs_clearance_status_idx" ON "customs_clearance" USING btree ("status") WHERE "customs_clearance"."status" < 5;--> statement-breakpoint
CREATE UNIQUE INDEX "decl_price_line_uq" ON "decl_price" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "decl_price_declare_idx" ON "decl_price" USING btree ("declare_id");--> statement-breakpoint
CREATE INDEX "decl_price_tenant_idx" ON "decl_price" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "decl_price_batch_idx" ON "decl_price" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "declare_element_line_uq" ON "declare_element" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "declare_element_declare_idx" ON "declare_element" USING btree ("declare_id");--> statement-breakpoint
CREATE INDEX "declare_element_tenant_idx" ON "declare_element" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "declare_element_batch_idx" ON "declare_element" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "declare_line_declare_idx" ON "declare_line" USING btree ("declare_id","line_no");--> statement-breakpoint
CREATE INDEX "declare_line_assort_idx" ON "declare_line" USING btree ("assort_id");--> statement-breakpoint
CREATE INDEX "declare_line_tenant_idx" ON "declare_line" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "declare_line_batch_idx" ON "declare_line" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "declare_line_hs_idx" ON "declare_line" USING btree ("hs_code");--> statement-breakpoint
CREATE INDEX "examine_declare_idx" ON "examine" USING btree ("declare_id","create_time");--> statement-breakpoint
CREATE INDEX "examine_tenant_idx" ON "examine" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "examine_batch_idx" ON "examine" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rate_uq" ON "exchange_rate" USING btree ("currency","base_currency","month");--> statement-breakpoint
CREATE INDEX "exchange_rate_month_idx" ON "exchange_rate" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "project_declare_batch_uq" ON "project_declare" USING btree ("batch_id","direction");--> statement-breakpoint
CREATE INDEX "project_declare_tenant_idx" ON "project_declare" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "project_declare_broker_idx" ON "project_declare" USING btree ("broker_tenant_id");--> statement-breakpoint
CREATE INDEX "project_declare_project_idx" ON "project_declare" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_declare_status_idx" ON "project_declare" USING btree ("status");