DROP INDEX "supplies_create_time_idx";--> statement-breakpoint
CREATE INDEX "box_piece_tenant_status_idx" ON "box_piece" USING btree ("tenant_id","status","logistics_status","id");--> statement-breakpoint
CREATE INDEX "supplies_tenant_list_idx" ON "supplies" USING btree ("tenant_id","list_id","line_no","id");--> statement-breakpoint
CREATE INDEX "supplies_tenant_time_idx" ON "supplies" USING btree ("tenant_id","create_time","id");