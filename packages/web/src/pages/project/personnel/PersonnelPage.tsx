// Project personnel (menu "project/personnel/index"): the shipper's own users assigned to a project, by role.
import { useQuery } from '@tanstack/react-query';
import type { userAnswer } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { useMemo } from 'react';
import type { z } from 'zod';
import { call } from '../../../api/client.ts';
import { PROJECT_DICTS } from '../../../components/domain/dicts.ts';
import { projectOptions, useParty, useProjects } from '../../../components/domain/lookups.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { useSession } from '../../../stores/session.ts';
import { type PersonnelRow, type ProjectRow, projectApi } from '../project-api.ts';

type UserLite = Pick<z.infer<typeof userAnswer>, 'id' | 'username' | 'nickName'>;
type PersonnelValues = Pick<PersonnelRow, 'projectId' | 'userId' | 'role' | 'remark'>;

function personnelResource(
  projects: ProjectRow[],
  users: UserLite[],
): ResourceDecl<PersonnelRow, PersonnelValues> {
  return {
    name: 'projectPersonnel',
    list: (params) => projectApi.personnel(params),
    exportable: false,
    filters: [
      {
        name: 'projectId',
        type: 'select',
        valueType: 'number',
        width: 240,
        options: (ctx) => projectOptions(projects, ctx.lang),
      },
      { name: 'role', type: 'dict', dict: 'personnel_role', width: 150 },
    ],
    columns: [
      { key: 'projectName', width: 200, kind: 'ellipsis' },
      { key: 'username', width: 130 },
      { key: 'nickName', width: 130 },
      { key: 'phone', width: 130 },
      { key: 'role', width: 120, dict: 'personnel_role', kind: 'tag' },
      { key: 'remark', width: 200, kind: 'ellipsis' },
    ],
    permissions: {
      add: { permission: ['projectPersonnel:edit'], fn: 'edit' },
      edit: { permission: ['projectPersonnel:edit'], fn: 'edit' },
      del: { permission: ['projectPersonnel:edit'], fn: 'edit' },
    },
    form: {
      mode: 'modal',
      width: 520,
      fields: [
        {
          name: 'projectId',
          type: 'select',
          required: true,
          options: (ctx) => projectOptions(projects, ctx.lang),
        },
        {
          name: 'userId',
          type: 'select',
          required: true,
          options: () =>
            users.map((u) => ({
              value: u.id,
              label: u.nickName ? `${u.nickName} (${u.username})` : u.username,
            })),
        },
        {
          name: 'role',
          type: 'select',
          dict: 'personnel_role',
          required: true,
        },
        { name: 'remark', max: 255 },
      ],
    },
  };
}

export default function PersonnelPage() {
  const projects = useProjects();
  const roles = useSession((s) => s.roles);
  const party = useParty();
  const canListUsers = roles.includes('admin') || roles.includes('user:list') || party === 'shipper';
  const users = useQuery({
    queryKey: ['resource', 'users', 'own'],
    queryFn: () => call(families.users.list, { page: 0, size: 500 }, { silent: true }),
    enabled: canListUsers,
  }).data?.content;
  const decl = useMemo(() => personnelResource(projects, users ?? []), [projects, users]);
  return (
    <ResourcePage<PersonnelRow, PersonnelValues>
      decl={decl}
      titleKey="project.personnel.what"
      dicts={PROJECT_DICTS}
    />
  );
}
