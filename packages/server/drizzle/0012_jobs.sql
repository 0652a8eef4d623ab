CREATE TABLE "sys_job_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"job_id" bigint NOT NULL,
	"job_name" varchar(100) NOT NULL,
	"handler" varchar(40) NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"result" varchar(500),
	"error" text,
	"node" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"name" varchar(100) NOT NULL,
	"handler" varchar(40) NOT NULL,
	"cron" varchar(100) NOT NULL,
	"description" varchar(500),
	"alert_email" varchar(100),
	"status" integer DEFAULT 1 NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_ok" boolean
);
--> statement-breakpoint
CREATE INDEX "sys_job_log_job_idx" ON "sys_job_log" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "sys_job_log_time_idx" ON "sys_job_log" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_job_due_idx" ON "sys_job" USING btree ("status","next_run_at");