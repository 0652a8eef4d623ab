DROP INDEX "supplies_tenant_idx";--> statement-breakpoint
CREATE INDEX "declare_line_tenant_declare_idx" ON "declare_line" USING btree ("tenant_id","declare_id","line_no","id");--> statement-breakpoint
CREATE INDEX "supplies_tenant_hs_idx" ON "supplies" USING btree ("tenant_id","hs_code","id");