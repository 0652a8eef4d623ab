CREATE TABLE "sys_gen_config" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"table_name" varchar(63) NOT NULL,
	"family" varchar(40) NOT NULL,
	"title_zh" varchar(64) NOT NULL,
	"title_en" varchar(64) NOT NULL,
	"columns" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_entrust" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"party_tenant_id" bigint NOT NULL,
	"entrust_no" varchar(32) NOT NULL,
	"shipper_text" varchar(500) NOT NULL,
	"consignee" varchar(500) NOT NULL,
	"notify_party" varchar(500),
	"port_of_loading" varchar(5) NOT NULL,
	"port_of_discharge" varchar(5) NOT NULL,
	"place_of_delivery" varchar(100),
	"incoterm" varchar(3) NOT NULL,
	"incoterm_place" varchar(100),
	"wanted_etd" date,
	"vessel_id" bigint,
	"vessel_name" varchar(100),
	"voyage_no" varchar(32),
	"packages" integer DEFAULT 0 NOT NULL,
	"gross_weight" numeric(14, 3) DEFAULT 0 NOT NULL,
	"volume" numeric(14, 3) DEFAULT 0 NOT NULL,
	"cargo_description" varchar(1000),
	"special_requirements" varchar(1000),
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"submit_time" timestamp with time zone,
	"accept_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vessel_schedule" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"vessel_id" bigint NOT NULL,
	"voyage_no" varchar(32) NOT NULL,
	"port_code" varchar(5) NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"eta" timestamp with time zone,
	"etd" timestamp with time zone,
	"terminal" varchar(100),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "vessel" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"imo" varchar(7) NOT NULL,
	"mmsi" varchar(9),
	"call_sign" varchar(16),
	"flag" varchar(2) NOT NULL,
	"vessel_type" varchar(20) NOT NULL,
	"teu" integer,
	"dwt" integer,
	"built" integer,
	"operator" varchar(100),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_gen_config_table_uq" ON "sys_gen_config" USING btree ("table_name");--> statement-breakpoint
CREATE INDEX "delivery_entrust_tenant_idx" ON "delivery_entrust" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "delivery_entrust_party_idx" ON "delivery_entrust" USING btree ("party_tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "delivery_entrust_batch_idx" ON "delivery_entrust" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "delivery_entrust_vessel_idx" ON "delivery_entrust" USING btree ("vessel_id");--> statement-breakpoint
CREATE INDEX "vessel_schedule_vessel_idx" ON "vessel_schedule" USING btree ("vessel_id","voyage_no","seq");--> statement-breakpoint
CREATE INDEX "vessel_schedule_tenant_idx" ON "vessel_schedule" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "vessel_schedule_port_idx" ON "vessel_schedule" USING btree ("port_code","etd");--> statement-breakpoint
CREATE UNIQUE INDEX "vessel_imo_uq" ON "vessel" USING btree ("imo");--> statement-breakpoint
CREATE INDEX "vessel_mmsi_idx" ON "vessel" USING btree ("mmsi");--> statement-breakpoint
CREATE INDEX "vessel_tenant_idx" ON "vessel" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "vessel_name_idx" ON "vessel" USING btree (lower("name") text_pattern_ops);