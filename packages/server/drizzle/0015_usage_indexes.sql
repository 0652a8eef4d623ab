DROP INDEX "sys_file_tenant_idx";--> statement-breakpoint
CREATE INDEX "box_piece_stats_idx" ON "box_piece" USING btree ("status","logistics_status");--> statement-breakpoint
CREATE INDEX "sys_file_tenant_idx" ON "sys_file" USING btree ("tenant_id","size");