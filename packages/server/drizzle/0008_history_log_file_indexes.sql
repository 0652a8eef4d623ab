CREATE INDEX "change_record_party_time_idx" ON "change_record" USING btree ("party_tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "change_record_actor_time_idx" ON "change_record" USING btree ("actor_tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_file_tenant_idx" ON "sys_file" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sys_log_tenant_idx" ON "sys_log" USING btree ("tenant_id","create_time");