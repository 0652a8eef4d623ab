ALTER TABLE "container_box_piece" ADD COLUMN "remark" varchar(500);--> statement-breakpoint
ALTER TABLE "accessory_info_box_piece" ADD COLUMN "remark" varchar(500);