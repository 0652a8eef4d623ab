import { useMemo, useState } from 'react';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { RoleRow } from '../admin-api.ts';
import { deptTreeOptions, useDepts, useTenants } from '../lookups.ts';
import { RoleGrants } from './RoleGrants.tsx';
import { roleResource } from './role-resource.tsx';

export default function RolesPage() {
  const depts = useDepts();
  const tenants = useTenants();
  const [active, setActive] = useState<RoleRow | null>(null);
  const decl = useMemo(() => roleResource({ deptTree: deptTreeOptions(depts, tenants) }), [depts, tenants]);
  return (
    <div className="admin-split admin-split-wide">
      <ResourcePage decl={decl} titleKey="admin.role.what" onRowClick={setActive} activeRowId={active?.id} />
      <RoleGrants role={active} />
    </div>
  );
}
