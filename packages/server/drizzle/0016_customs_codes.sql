CREATE TABLE "customs_code_dict" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"kind" varchar(24) NOT NULL,
	"code" varchar(8) NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_lading" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"party_tenant_id" bigint NOT NULL,
	"bl_number" varchar(40),
	"shipper" varchar(500),
	"consignee" varchar(500),
	"notify_party" varchar(500),
	"vessel" varchar(100),
	"voyage" varchar(30),
	"port_of_loading" varchar(10),
	"port_of_discharge" varchar(10),
	"place_of_receipt" varchar(100),
	"place_of_delivery" varchar(100),
	"marks_and_numbers" varchar(1000),
	"packages" integer,
	"description" varchar(2000),
	"gross_weight" numeric(15, 3),
	"measurement" numeric(15, 3),
	"freight_terms" varchar(10),
	"originals" integer,
	"place_of_issue" varchar(100),
	"date_of_issue" date,
	"containers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(500),
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"submit_time" timestamp with time zone,
	"confirm_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tally_sheet" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"box_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"box_number" varchar(64) NOT NULL,
	"expected_quantity" numeric(18, 3) NOT NULL,
	"tallied_quantity" numeric(18, 3),
	"status" integer DEFAULT 0 NOT NULL,
	"note" varchar(500),
	"tally_by" varchar(255),
	"tally_time" timestamp with time zone,
	"raised" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_alipay_config" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"app_id" varchar(32) NOT NULL,
	"private_key_enc" text NOT NULL,
	"public_key" text NOT NULL,
	"gateway_url" varchar(500) NOT NULL,
	"notify_url" varchar(500) NOT NULL,
	"return_url" varchar(500) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_payment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"out_trade_no" varchar(64) NOT NULL,
	"app_id" varchar(32) NOT NULL,
	"subject" varchar(256) NOT NULL,
	"body" varchar(256),
	"total_amount" numeric(12, 2) NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"trade_no" varchar(64),
	"buyer_id" varchar(64),
	"notify_id" varchar(128),
	"notified_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_service_config" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"translate_url" varchar(500),
	"translate_key_enc" text,
	"weather_url" varchar(500),
	"wind_limit_kmh" double precision,
	"rain_limit_mm" double precision
);
--> statement-breakpoint
CREATE TABLE "payment_voucher" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"reconciliation_id" bigint NOT NULL,
	"party_tenant_id" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount_minor" numeric(19, 0) NOT NULL,
	"payment_date" date NOT NULL,
	"bank_reference" varchar(64) NOT NULL,
	"remark" varchar(500),
	"file_ids" bigint[] DEFAULT '{}' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"submit_time" timestamp with time zone,
	"confirm_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customs_code_dict_kind_code_uq" ON "customs_code_dict" USING btree ("kind","code");--> statement-breakpoint
CREATE INDEX "bill_lading_tenant_idx" ON "bill_lading" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "bill_lading_party_idx" ON "bill_lading" USING btree ("party_tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "bill_lading_batch_idx" ON "bill_lading" USING btree ("batch_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tally_sheet_box_uq" ON "tally_sheet" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "tally_sheet_batch_idx" ON "tally_sheet" USING btree ("batch_id","status","box_number");--> statement-breakpoint
CREATE INDEX "tally_sheet_tenant_idx" ON "tally_sheet" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_payment_out_trade_no_uq" ON "tool_payment" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "tool_payment_time_idx" ON "tool_payment" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "payment_voucher_statement_idx" ON "payment_voucher" USING btree ("reconciliation_id","status");--> statement-breakpoint
CREATE INDEX "payment_voucher_tenant_idx" ON "payment_voucher" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "payment_voucher_party_idx" ON "payment_voucher" USING btree ("party_tenant_id","batch_id");--> statement-breakpoint
-- Declaration headers hold customs codes now: a box package type becomes its customs package code, and an
-- exit port given as a UN/LOCODE becomes that port's customs office (others are cleared for the broker).
UPDATE "project_declare" SET "package_type" = CASE "package_type"
  WHEN 'wooden_case' THEN '23' WHEN 'carton' THEN '22' WHEN 'crate' THEN '23' WHEN 'pallet' THEN '92'
  WHEN 'bundle' THEN '99' WHEN 'drum' THEN '39' WHEN 'bare' THEN '01' ELSE NULL END
  WHERE "package_type" IS NOT NULL AND "package_type" !~ '^[0-9]{2}$';--> statement-breakpoint
UPDATE "project_declare" SET "port_of_exit" = CASE "port_of_exit"
  WHEN 'CNSHA' THEN '2248' WHEN 'CNNGB' THEN '3104' WHEN 'CNTXG' THEN '0202' WHEN 'CNTSN' THEN '0202'
  WHEN 'CNTAO' THEN '4200' WHEN 'CNDLC' THEN '0900' WHEN 'CNXMN' THEN '3700' WHEN 'CNFOC' THEN '3500'
  WHEN 'CNCAN' THEN '5100' WHEN 'CNHUA' THEN '5200' WHEN 'CNSZX' THEN '5300' WHEN 'CNYTN' THEN '5300'
  WHEN 'CNSHK' THEN '5300' WHEN 'CNZHA' THEN '6700' ELSE NULL END
  WHERE "port_of_exit" IS NOT NULL AND "port_of_exit" !~ '^[0-9]{4}$';
