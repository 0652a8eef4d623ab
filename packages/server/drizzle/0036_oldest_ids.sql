DROP INDEX "box_piece_tenant_idx";--> statement-breakpoint
DROP INDEX "box_piece_package_idx";--> statement-breakpoint
DROP INDEX "declare_line_tenant_idx";--> statement-breakpoint
CREATE INDEX "box_piece_tenant_id_idx" ON "box_piece" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "declare_line_undivided_idx" ON "declare_line" USING btree ("tenant_id","id") WHERE "declare_line"."assort_id" is null;--> statement-breakpoint
CREATE INDEX "declare_line_hs_by_name_idx" ON "declare_line" USING btree ("tenant_id","name","update_time") WHERE "declare_line"."hs_code" is not null;--> statement-breakpoint
CREATE INDEX "material_code_name_idx" ON "material_code" USING btree ("tenant_id","name","update_time") WHERE "material_code"."hs_code" is not null;--> statement-breakpoint
CREATE INDEX "box_piece_tenant_idx" ON "box_piece" USING btree ("tenant_id","batch_id","id");--> statement-breakpoint
CREATE INDEX "box_piece_package_idx" ON "box_piece" USING btree ("package_type","batch_id");--> statement-breakpoint
CREATE INDEX "declare_line_tenant_idx" ON "declare_line" USING btree ("tenant_id","id");