CREATE TABLE "sys_mail_config" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"security" varchar(10) NOT NULL,
	"username" varchar(255),
	"password_enc" text,
	"from_address" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_mail_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"to_address" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"ok" boolean NOT NULL,
	"error" varchar(1000)
);
--> statement-breakpoint
CREATE INDEX "sys_mail_log_time_idx" ON "sys_mail_log" USING btree ("create_time");