CREATE INDEX "batch_partner_tenant_idx" ON "batch_partner" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "material_list_tenant_idx" ON "material_list" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "project_batch_tenant_idx" ON "project_batch" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "project_personnel_tenant_idx" ON "project_personnel" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sys_dept_tenant_idx" ON "sys_dept" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "partnership_partner_idx" ON "partnership" USING btree ("partner_tenant_id");--> statement-breakpoint
CREATE INDEX "sys_role_tenant_idx" ON "sys_role" USING btree ("tenant_id");