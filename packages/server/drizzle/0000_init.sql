CREATE TABLE "batch_partner" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"partner_tenant_id" bigint NOT NULL,
	"partner_end" integer NOT NULL,
	"bp_status" integer DEFAULT 0 NOT NULL,
	"contract_id" bigint,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "customs_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"code" varchar(10) NOT NULL,
	"hs6" varchar(6) NOT NULL,
	"name" varchar(500) NOT NULL,
	"unit1" varchar(20),
	"unit2" varchar(20),
	"elements" text,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "import_task" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"task_key" varchar(64) NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"batch_id" bigint,
	"status" varchar(16) DEFAULT 'reading' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb
);
--> statement-breakpoint
CREATE TABLE "material_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"en_name" varchar(200),
	"spec" varchar(200),
	"brand" varchar(100),
	"unit" varchar(20),
	"hs_code" varchar(10),
	"origin_country" varchar(2)
);
--> statement-breakpoint
CREATE TABLE "material_list" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" varchar(500),
	"submit_time" timestamp with time zone,
	"confirm_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_batch" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_number" varchar(64) NOT NULL,
	"name" varchar(200),
	"planned_ship_date" date,
	"port_of_loading" varchar(5),
	"port_of_discharge" varchar(5),
	"destination_site" varchar(200),
	"status" integer DEFAULT 0 NOT NULL,
	"logistics_status" integer DEFAULT 0 NOT NULL,
	"remark" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "project_contract_file" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"url" varchar(500) NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "project_contract" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"contract_number" varchar(64) NOT NULL,
	"name" varchar(200),
	"supplier_tenant_id" bigint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"sign_date" date,
	"incoterm" varchar(3),
	"incoterm_place" varchar(100),
	"status" integer DEFAULT 0 NOT NULL,
	"remark" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "project_personnel" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" varchar(32) NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "project" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"name" varchar(200) NOT NULL,
	"en_name" varchar(200),
	"code" varchar(64) NOT NULL,
	"country" varchar(2),
	"site" varchar(200),
	"description" text,
	"start_date" date,
	"end_date" date,
	"status" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"list_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"contract_id" bigint,
	"line_no" integer NOT NULL,
	"material_code" varchar(64),
	"name" varchar(200) NOT NULL,
	"en_name" varchar(200),
	"spec" varchar(200),
	"brand" varchar(100),
	"hs_code" varchar(10),
	"quantity" numeric(18, 3) NOT NULL,
	"unit" varchar(20) NOT NULL,
	"unit_price" numeric(18, 4),
	"currency" varchar(3),
	"total_price" numeric(20, 2),
	"origin_country" varchar(2),
	"net_weight" numeric(14, 3),
	"gross_weight" numeric(14, 3),
	"remark" varchar(500),
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_captcha" (
	"uuid" varchar(64) PRIMARY KEY NOT NULL,
	"answer" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint,
	"entity" varchar(64) NOT NULL,
	"entity_id" bigint NOT NULL,
	"action" varchar(64) NOT NULL,
	"from_status" varchar(32),
	"to_status" varchar(32),
	"note" varchar(1000),
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "sys_dept" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint,
	"pid" bigint,
	"name" varchar(100) NOT NULL,
	"dept_sort" integer DEFAULT 999 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_detail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"dict_id" bigint NOT NULL,
	"label" varchar(100) NOT NULL,
	"en_label" varchar(100),
	"value" varchar(100) NOT NULL,
	"dict_sort" integer DEFAULT 999 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"name" varchar(64) NOT NULL,
	"description" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint,
	"user_id" bigint,
	"comments_or_feedback" varchar(2000) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"email" varchar(128),
	"create_unit" varchar(100),
	"status" integer DEFAULT 0 NOT NULL,
	"reply" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "sys_file" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint,
	"user_id" bigint,
	"name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"kind" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "function_permission" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"menu_id" bigint NOT NULL,
	"function_name" varchar(64) NOT NULL,
	"description" varchar(100),
	"en_description" varchar(100),
	"belong_end" integer DEFAULT 0 NOT NULL,
	"belong_menu" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_idempotency_key" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"account" varchar(128) NOT NULL,
	"user_id" bigint,
	"ip" varchar(64),
	"browser" varchar(255),
	"success" boolean NOT NULL,
	"reason" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"log_type" varchar(10) NOT NULL,
	"tenant_id" bigint,
	"username" varchar(64),
	"description" varchar(255),
	"method" varchar(10),
	"path" varchar(500),
	"params" text,
	"status" integer,
	"request_ip" varchar(64),
	"browser" varchar(255),
	"time" integer,
	"exception_detail" text
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"menu_key" varchar(100),
	"pid" bigint,
	"type" integer DEFAULT 1 NOT NULL,
	"title" varchar(100) NOT NULL,
	"en_title" varchar(100),
	"name" varchar(100),
	"component" varchar(255),
	"path" varchar(255),
	"permission" varchar(255),
	"icon" varchar(100),
	"menu_sort" integer DEFAULT 999 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"cache" boolean DEFAULT false NOT NULL,
	"i_frame" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sys_menu_key_uq" UNIQUE("menu_key")
);
--> statement-breakpoint
CREATE TABLE "message_center" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint,
	"user_id" bigint,
	"audience" varchar(16) DEFAULT 'user' NOT NULL,
	"title" varchar(255) NOT NULL,
	"en_title" varchar(255),
	"content" text,
	"en_content" text,
	"type" varchar(32) DEFAULT 'notice' NOT NULL,
	"link" varchar(255),
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "partnership" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"partner_tenant_id" bigint NOT NULL,
	"partner_end" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "sys_reset_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"target" varchar(128) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint,
	"name" varchar(64) NOT NULL,
	"code" varchar(32),
	"description" varchar(255),
	"level" integer DEFAULT 3 NOT NULL,
	"data_scope" varchar(16) DEFAULT 'all' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_roles_depts" (
	"role_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL,
	CONSTRAINT "sys_roles_depts_role_id_dept_id_pk" PRIMARY KEY("role_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "sys_roles_menus" (
	"role_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	CONSTRAINT "sys_roles_menus_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_seed_step" (
	"version" integer PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"token_hash" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64),
	"browser" varchar(255),
	"revoked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_roles_function" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"role_id" bigint NOT NULL,
	"function_permission_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_info" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"corporate_name" varchar(100) NOT NULL,
	"corporate_code" varchar(64),
	"end_type" integer DEFAULT 0 NOT NULL,
	"check_status" integer DEFAULT 0 NOT NULL,
	"check_reason" varchar(500),
	"trial_end" date,
	"active" boolean DEFAULT true NOT NULL,
	"business_licence" varchar(500),
	"authorization_letter" varchar(500),
	"contact_phone" varchar(32),
	"contact_email" varchar(128),
	"address" varchar(255),
	"submit_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"tenant_id" bigint NOT NULL,
	"dept_id" bigint,
	"username" varchar(64) NOT NULL,
	"nick_name" varchar(64),
	"email" varchar(128),
	"phone" varchar(32),
	"gender" varchar(8),
	"password" varchar(255) NOT NULL,
	"role_type" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"avatar_path" varchar(500),
	"pwd_reset_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_users_roles" (
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "sys_users_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "view_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_by" varchar(64),
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "batch_partner_uq" ON "batch_partner" USING btree ("batch_id","partner_tenant_id");--> statement-breakpoint
CREATE INDEX "batch_partner_partner_idx" ON "batch_partner" USING btree ("partner_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customs_code_uq" ON "customs_code" USING btree ("code");--> statement-breakpoint
CREATE INDEX "customs_code_hs6_idx" ON "customs_code" USING btree ("hs6");--> statement-breakpoint
CREATE UNIQUE INDEX "import_task_key_uq" ON "import_task" USING btree ("task_key");--> statement-breakpoint
CREATE INDEX "import_task_user_idx" ON "import_task" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_code_uq" ON "material_code" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "material_list_uq" ON "material_list" USING btree ("batch_id","supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_batch_number_uq" ON "project_batch" USING btree ("project_id","batch_number");--> statement-breakpoint
CREATE INDEX "project_contract_file_contract_idx" ON "project_contract_file" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_contract_number_uq" ON "project_contract" USING btree ("tenant_id","contract_number");--> statement-breakpoint
CREATE INDEX "project_contract_project_idx" ON "project_contract" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_personnel_uq" ON "project_personnel" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_code_uq" ON "project" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "supplies_list_idx" ON "supplies" USING btree ("list_id","line_no");--> statement-breakpoint
CREATE INDEX "supplies_batch_idx" ON "supplies" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "supplies_material_idx" ON "supplies" USING btree ("supplier_tenant_id","material_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_name_uq" ON "sys_dict" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "function_permission_uq" ON "function_permission" USING btree ("menu_id","function_name");--> statement-breakpoint
CREATE INDEX "sys_login_attempt_account_idx" ON "sys_login_attempt" USING btree ("account","create_time");--> statement-breakpoint
CREATE INDEX "sys_log_time_idx" ON "sys_log" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "message_center_user_idx" ON "message_center" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partnership_pair_uq" ON "partnership" USING btree ("tenant_id","partner_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_session_token_uq" ON "sys_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sys_session_user_idx" ON "sys_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_roles_function_uq" ON "sys_roles_function" USING btree ("role_id","function_permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_info_name_uq" ON "enterprise_info" USING btree ("corporate_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_username_uq" ON "sys_user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_email_uq" ON "sys_user" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_phone_uq" ON "sys_user" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "sys_user_tenant_idx" ON "sys_user" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "view_record_uq" ON "view_record" USING btree ("message_id","user_id");