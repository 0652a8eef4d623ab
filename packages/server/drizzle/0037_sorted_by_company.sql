CREATE INDEX "box_piece_tenant_number_idx" ON "box_piece" USING btree ("tenant_id","box_number","id");--> statement-breakpoint
CREATE INDEX "box_piece_tenant_weight_idx" ON "box_piece" USING btree ("tenant_id","gross_weight","id");--> statement-breakpoint
CREATE INDEX "declare_line_tenant_hs_idx" ON "declare_line" USING btree ("tenant_id","hs_code","id");