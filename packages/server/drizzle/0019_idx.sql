-- Trigram indexes serve the infix searches (`blurry`, `like`): pg_trgm is a trusted extension (PostgreSQL 13+), which the database owner may create; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "exchange_rate_base_idx" ON "exchange_rate" USING btree ("base_currency");--> statement-breakpoint
CREATE INDEX "exchange_rate_sort_idx" ON "exchange_rate" USING btree ("month" DESC NULLS LAST,"currency");--> statement-breakpoint
CREATE INDEX "customs_code_name_idx" ON "customs_code" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_dict_detail_dict_idx" ON "sys_dict_detail" USING btree ("dict_id","dict_sort");--> statement-breakpoint
CREATE INDEX "sys_dict_detail_sort_idx" ON "sys_dict_detail" USING btree ("dict_sort");--> statement-breakpoint
CREATE INDEX "sys_dict_detail_value_idx" ON "sys_dict_detail" USING btree ("value");--> statement-breakpoint
CREATE INDEX "sys_dict_detail_label_idx" ON "sys_dict_detail" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_dict_time_idx" ON "sys_dict" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_dict_search_idx" ON "sys_dict" USING gin ("name" gin_trgm_ops,"description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "function_permission_belong_idx" ON "function_permission" USING btree ("belong_end","belong_menu");--> statement-breakpoint
CREATE INDEX "function_permission_menu_name_idx" ON "function_permission" USING btree ("belong_menu");--> statement-breakpoint
CREATE INDEX "function_permission_search_idx" ON "function_permission" USING gin ("function_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_log_search_idx" ON "sys_log" USING gin ("username" gin_trgm_ops,"description" gin_trgm_ops,"path" gin_trgm_ops,"request_ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_menu_sort_idx" ON "sys_menu" USING btree ("menu_sort");--> statement-breakpoint
CREATE INDEX "sys_menu_pid_idx" ON "sys_menu" USING btree ("pid","menu_sort");--> statement-breakpoint
CREATE INDEX "sys_menu_type_idx" ON "sys_menu" USING btree ("type","menu_sort");--> statement-breakpoint
CREATE INDEX "sys_menu_time_idx" ON "sys_menu" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_menu_search_idx" ON "sys_menu" USING gin ("title" gin_trgm_ops,"en_title" gin_trgm_ops,"component" gin_trgm_ops,"permission" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enterprise_info_active_idx" ON "enterprise_info" USING btree ("active","create_time");