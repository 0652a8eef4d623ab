CREATE TABLE "sys_release" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"version" varchar(64) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"notes" varchar(2000)
);
--> statement-breakpoint
ALTER TABLE "container_box_piece" ADD COLUMN "remark" varchar(500);--> statement-breakpoint
ALTER TABLE "accessory_info_box_piece" ADD COLUMN "remark" varchar(500);--> statement-breakpoint
CREATE UNIQUE INDEX "sys_release_version_uq" ON "sys_release" USING btree ("version");