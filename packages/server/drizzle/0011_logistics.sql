CREATE TABLE "abnormal_record" (
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
	"raised_by_tenant_id" bigint NOT NULL,
	"abnormal_type" varchar(30) NOT NULL,
	"quantity" numeric(18, 3),
	"note" varchar(1000),
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at_status" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"resolve_note" varchar(1000),
	"resolve_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "container_box_piece" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"container_id" bigint NOT NULL,
	"box_id" bigint NOT NULL,
	"seq" integer,
	"x" integer,
	"y" integer,
	"z" integer,
	"l" integer,
	"w" integer,
	"h" integer
);
--> statement-breakpoint
CREATE TABLE "container" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"owner_tenant_id" bigint NOT NULL,
	"container_number" varchar(11) NOT NULL,
	"type_code" varchar(8) NOT NULL,
	"seal_number" varchar(30),
	"inner_length" integer NOT NULL,
	"inner_width" integer NOT NULL,
	"inner_height" integer NOT NULL,
	"max_payload" numeric(12, 3) NOT NULL,
	"tare" numeric(12, 3),
	"vessel" varchar(100),
	"voyage" varchar(30),
	"etd" timestamp with time zone,
	"bl_number" varchar(40),
	"port" varchar(10),
	"eta" timestamp with time zone,
	"ata" timestamp with time zone,
	"plan" jsonb,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "accessory_info_box_piece" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"accessory_info_id" bigint NOT NULL,
	"box_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accessory_info" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"owner_tenant_id" bigint NOT NULL,
	"plate_number" varchar(20) NOT NULL,
	"vehicle_type" varchar(50),
	"driver_name" varchar(50),
	"driver_phone" varchar(30),
	"from_place" varchar(100),
	"to_place" varchar(100),
	"depart_time" timestamp with time zone,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "abnormal_record_batch_idx" ON "abnormal_record" USING btree ("batch_id","create_time");--> statement-breakpoint
CREATE INDEX "abnormal_record_box_idx" ON "abnormal_record" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "abnormal_record_tenant_idx" ON "abnormal_record" USING btree ("tenant_id","status","create_time");--> statement-breakpoint
CREATE INDEX "abnormal_record_supplier_idx" ON "abnormal_record" USING btree ("supplier_tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "container_box_piece_box_uq" ON "container_box_piece" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "container_box_piece_container_idx" ON "container_box_piece" USING btree ("container_id","seq");--> statement-breakpoint
CREATE INDEX "container_box_piece_batch_idx" ON "container_box_piece" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "container_number_uq" ON "container" USING btree ("batch_id","container_number");--> statement-breakpoint
CREATE INDEX "container_owner_idx" ON "container" USING btree ("owner_tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "container_tenant_idx" ON "container" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accessory_info_box_piece_box_uq" ON "accessory_info_box_piece" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "accessory_info_box_piece_vehicle_idx" ON "accessory_info_box_piece" USING btree ("accessory_info_id");--> statement-breakpoint
CREATE INDEX "accessory_info_box_piece_batch_idx" ON "accessory_info_box_piece" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "accessory_info_batch_idx" ON "accessory_info" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "accessory_info_owner_idx" ON "accessory_info" USING btree ("owner_tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "accessory_info_tenant_idx" ON "accessory_info" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "box_piece_logistics_idx" ON "box_piece" USING btree ("batch_id","logistics_status");