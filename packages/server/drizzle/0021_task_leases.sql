ALTER TABLE "sys_job_log" ALTER COLUMN "duration_ms" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_job_log" ALTER COLUMN "ok" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_job_log" ADD COLUMN "status" varchar(16) DEFAULT 'done' NOT NULL;--> statement-breakpoint
UPDATE "sys_job_log" SET "status" = 'failed' WHERE "ok" = false;--> statement-breakpoint
ALTER TABLE "sys_job_log" ADD COLUMN "lease_node" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_job_log" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_task" ADD COLUMN "reason" varchar(64);--> statement-breakpoint
ALTER TABLE "import_task" ADD COLUMN "file_name" varchar(255);--> statement-breakpoint
ALTER TABLE "import_task" ADD COLUMN "lease_node" varchar(100);--> statement-breakpoint
ALTER TABLE "import_task" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sys_job_log_lease_idx" ON "sys_job_log" USING btree ("lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "import_task_lease_idx" ON "import_task" USING btree ("lease_until") WHERE status in ('reading', 'saving');