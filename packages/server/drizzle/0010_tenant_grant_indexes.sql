CREATE INDEX "sys_roles_function_fp_idx" ON "sys_roles_function" USING btree ("function_permission_id");--> statement-breakpoint
CREATE INDEX "enterprise_info_code_idx" ON "enterprise_info" USING btree ("corporate_code");--> statement-breakpoint
CREATE INDEX "enterprise_info_end_idx" ON "enterprise_info" USING btree ("end_type","create_time");--> statement-breakpoint
CREATE INDEX "enterprise_info_check_idx" ON "enterprise_info" USING btree ("check_status","create_time");--> statement-breakpoint
CREATE INDEX "enterprise_info_time_idx" ON "enterprise_info" USING btree ("create_time");