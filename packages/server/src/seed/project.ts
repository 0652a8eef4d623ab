// Seed step 2: menus, permissions and dictionaries of projects, batches, contracts,
// partners, material lists and the HS tool (under materials), granted to the shipper/supplier/logistics template roles.
import {
  batchPartnerStatusLabels,
  batchStatusLabels,
  type CrudFamily,
  contractStatusLabels,
  crudPermissions,
  incoterms2020,
  materialListStatusLabels,
  materialTags,
  partnershipStatusLabels,
  personnelRoles,
} from '@tradelane/contract';
import type { Db } from '../db/client.ts';
import type { MenuSeed } from './menus.ts';
import { button, type DictSeed, labelEntries, seedDomainReference } from './reference.ts';

const S = 0; // function permission ends: shipper, supplier, logistics (dictionary account_end)
const P = 1;
const L = 2;

const crud = (family: CrudFamily, zh: string, en: string) => {
  const [add, edit, del] = crudPermissions(family);
  return [
    button(add, `${zh}新增`, `Add ${en}`, 1),
    button(edit, `${zh}编辑`, `Edit ${en}`, 2),
    button(del, `${zh}删除`, `Delete ${en}`, 3),
  ];
};
const fns = (end: number, ...names: [string, string, string][]) =>
  names.map(([name, zh, en]) => ({ name, zh, en, end }));
const ADD: [string, string, string] = ['add', '新增', 'Add'];
const EDIT: [string, string, string] = ['edit', '编辑', 'Edit'];
const DEL: [string, string, string] = ['del', '删除', 'Delete'];

export const projectMenus: MenuSeed[] = [
  {
    key: 'project',
    title: '项目管理',
    enTitle: 'Projects',
    type: 0,
    path: 'project',
    icon: 'project',
    sort: 10,
    children: [
      {
        key: 'project:list',
        title: '项目工作台',
        enTitle: 'Project workbench',
        type: 1,
        path: 'index',
        component: 'project/index',
        componentName: 'Project',
        permission: 'project:list',
        icon: 'project',
        sort: 1,
        children: crud('project', '项目', 'project'),
        functions: fns(S, ADD, EDIT, DEL),
      },
      {
        key: 'projectBatch:list',
        title: '批次工作台',
        enTitle: 'Batch workbench',
        type: 1,
        path: 'batch',
        component: 'project/batch/index',
        componentName: 'ProjectBatch',
        permission: 'projectBatch:list',
        icon: 'batch',
        sort: 2,
        children: crud('projectBatch', '批次', 'batch'),
        functions: [
          ...fns(S, ADD, EDIT, DEL, ['export', '导出', 'Export']),
          ...fns(P, ['updateStatus', '更新进度', 'Update progress']),
          ...fns(L, ['logisticsProgress', '更新物流进度', 'Update logistics progress']),
        ],
      },
      {
        key: 'projectContract:list',
        title: '合同',
        enTitle: 'Contracts',
        type: 1,
        path: 'contract',
        component: 'project/contract/index',
        componentName: 'ProjectContract',
        permission: 'projectContract:list',
        icon: 'contract',
        sort: 3,
        children: crud('projectContract', '合同', 'contract'),
        functions: fns(S, ADD, EDIT, DEL),
      },
      {
        key: 'projectPersonnel:list',
        title: '项目人员',
        enTitle: 'Project personnel',
        type: 1,
        path: 'personnel',
        component: 'project/personnel/index',
        componentName: 'ProjectPersonnel',
        permission: 'projectPersonnel:list',
        icon: 'peoples',
        sort: 4,
        children: [button('projectPersonnel:edit', '项目人员编辑', 'Edit personnel', 1)],
        functions: fns(S, EDIT),
      },
      {
        key: 'partner:list',
        title: '合作伙伴',
        enTitle: 'Partners',
        type: 1,
        path: 'partner',
        component: 'project/partner/index',
        componentName: 'Partner',
        permission: 'partner:list',
        icon: 'partner',
        sort: 5,
        children: [
          button('partner:add', '邀请合作伙伴', 'Invite partner', 1),
          button('partner:del', '移除合作伙伴', 'Remove partner', 2),
        ],
        functions: [
          ...fns(S, ['invite', '邀请', 'Invite'], DEL),
          ...fns(P, ['accept', '接受邀请', 'Accept']),
          ...fns(L, ['acceptLogistics', '物流商接受邀请', 'Accept (logistics provider)']),
        ],
      },
    ],
  },
  {
    key: 'supplies',
    title: '物料管理',
    enTitle: 'Materials',
    type: 0,
    path: 'supplies',
    icon: 'list',
    sort: 20,
    children: [
      {
        key: 'supplies:list',
        title: '物料清单',
        enTitle: 'Material lists',
        type: 1,
        path: 'index',
        component: 'supplies/index',
        componentName: 'Supplies',
        permission: 'supplies:list',
        icon: 'list',
        sort: 1,
        children: [
          ...crud('supplies', '物料', 'material'),
          button('supplies:submit', '提交物料清单', 'Submit material list', 4),
          button('supplies:import', '导入物料清单', 'Import material list', 5),
          button('supplies:confirm', '确认/退回物料清单', 'Confirm or return material list', 6),
        ],
        functions: [
          ...fns(P, ADD, EDIT, DEL, ['submit', '提交', 'Submit'], ['import', '导入', 'Import']),
          ...fns(
            S,
            ['confirm', '确认', 'Confirm'],
            ['back', '退回', 'Return'],
            ['hsCode', '归类', 'Classify'],
          ),
        ],
      },
      {
        key: 'tools:hs',
        title: 'HS编码查询',
        enTitle: 'HS code search',
        type: 1,
        path: 'hs',
        component: 'tools/hs/index',
        componentName: 'HsSearch',
        permission: 'hs:list',
        icon: 'search',
        sort: 2,
        children: [button('customsCode:import', '导入海关编码', 'Import customs codes', 1)],
      },
    ],
  },
];

const projectKeys = ['project', 'project:list', 'projectBatch:list', 'projectContract:list', 'partner:list'];
export const projectRoleMenus: Record<string, string[]> = {
  shipper: [
    ...projectKeys,
    ...['project', 'projectBatch', 'projectContract'].flatMap((p) => [`${p}:add`, `${p}:edit`, `${p}:del`]),
    'projectPersonnel:list',
    'projectPersonnel:edit',
    'partner:add',
    'partner:del',
    'supplies',
    'supplies:list',
    'supplies:confirm',
    'tools:hs',
  ],
  supplier: [
    ...projectKeys,
    'supplies',
    'supplies:list',
    'supplies:add',
    'supplies:edit',
    'supplies:del',
    'supplies:submit',
    'supplies:import',
    'tools:hs',
  ],
  logistics: [...projectKeys, 'supplies', 'supplies:list', 'tools:hs'],
};

const projectDictionaries: DictSeed[] = [
  {
    name: 'project_status',
    description: '项目状态 / project status',
    entries: [
      ['0', '筹备中', 'Planning'],
      ['1', '执行中', 'Active'],
      ['2', '已完工', 'Completed'],
      ['3', '已关闭', 'Closed'],
    ],
  },
  { name: 'batch_status', description: '批次状态 / batch status', entries: labelEntries(batchStatusLabels) },
  {
    name: 'supplies_status',
    description: '物料清单状态 / material list status',
    entries: labelEntries(materialListStatusLabels),
  },
  {
    name: 'bp_status',
    description: '批次伙伴进度 / batch partner progress',
    entries: labelEntries(batchPartnerStatusLabels),
  },
  {
    name: 'partnership_status',
    description: '合作状态 / partnership status',
    entries: labelEntries(partnershipStatusLabels),
  },
  {
    name: 'contract_status',
    description: '合同状态 / contract status',
    entries: labelEntries(contractStatusLabels),
  },
  {
    name: 'incoterms',
    description: '贸易术语 2020 / Incoterms 2020',
    entries: incoterms2020.map((i) => [i.code, `${i.code} ${i.zh}`, `${i.code} ${i.en}`]),
  },
  {
    name: 'material_tag',
    description: '物料标签 / material tags',
    entries: materialTags.map((t) => [t.code, t.zh, t.en]),
  },
  {
    name: 'personnel_role',
    description: '项目角色 / project role',
    entries: personnelRoles.map((r) => [r.code, r.zh, r.en]),
  },
];

export const seedProjectReference = (db: Db) =>
  seedDomainReference(db, {
    menus: projectMenus,
    roleMenus: projectRoleMenus,
    dictionaries: projectDictionaries,
  });
