CREATE TABLE "box_piece_detail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"box_id" bigint NOT NULL,
	"supplies_id" bigint NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "box_piece" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"box_number" varchar(64) NOT NULL,
	"seq" integer NOT NULL,
	"token" varchar(32) NOT NULL,
	"package_type" varchar(20) NOT NULL,
	"length" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"gross_weight" numeric(12, 3) NOT NULL,
	"net_weight" numeric(12, 3) NOT NULL,
	"volume" numeric(12, 3) NOT NULL,
	"out_of_gauge" boolean DEFAULT false NOT NULL,
	"stackable" boolean DEFAULT true NOT NULL,
	"this_side_up" boolean DEFAULT false NOT NULL,
	"fragile" boolean DEFAULT false NOT NULL,
	"dangerous_class" varchar(8),
	"un_number" varchar(8),
	"sscc" varchar(18),
	"user_box_type_id" bigint,
	"status" integer DEFAULT 0 NOT NULL,
	"logistics_status" integer DEFAULT 0 NOT NULL,
	"reason" varchar(500),
	"submit_time" timestamp with time zone,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "user_box_type" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"package_type" varchar(20) NOT NULL,
	"inner_length" integer,
	"inner_width" integer,
	"inner_height" integer,
	"length" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"tare_weight" numeric(12, 3),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "box_piece_detail_uq" ON "box_piece_detail" USING btree ("box_id","supplies_id");--> statement-breakpoint
CREATE INDEX "box_piece_detail_supplies_idx" ON "box_piece_detail" USING btree ("supplies_id");--> statement-breakpoint
CREATE INDEX "box_piece_detail_batch_idx" ON "box_piece_detail" USING btree ("batch_id","supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "box_piece_number_uq" ON "box_piece" USING btree ("batch_id","box_number");--> statement-breakpoint
CREATE UNIQUE INDEX "box_piece_token_uq" ON "box_piece" USING btree ("token");--> statement-breakpoint
CREATE INDEX "box_piece_tenant_idx" ON "box_piece" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "box_piece_supplier_idx" ON "box_piece" USING btree ("supplier_tenant_id","batch_id","seq");--> statement-breakpoint
CREATE INDEX "box_piece_status_idx" ON "box_piece" USING btree ("batch_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "user_box_type_name_uq" ON "user_box_type" USING btree ("tenant_id","name");