// The ResourcePage declaration of a family and its zh and en catalogues.
import { type Col, header, type Model } from './model.ts';
import { type Node, q, statement } from './printer.ts';

// ---------------------------------------------------------------------------------------------------
// web: the page declaration and its catalogues

function tsType(c: Col): string {
  const t = c.kind === 'number' ? 'number' : c.kind === 'boolean' ? 'boolean' : 'string';
  return c.db.nullable ? `${t} | null` : t;
}

const labelKey = (m: Model, c: Col) => q(`resources.${m.family}.fields.${c.prop}`);

function valueType(c: Col): [string, Node][] {
  if (c.kind === 'number') return [['valueType', q('number')]];
  if (c.kind === 'boolean') return [['valueType', q('boolean')]];
  return [];
}

function filterOf(m: Model, c: Col): Node {
  const base: [string, Node][] = [
    ['name', q(c.prop)],
    ['labelKey', labelKey(m, c)],
  ];
  const qt = c.cfg.queryType;
  if (qt === 'between' && c.kind === 'date') return { obj: [...base, ['type', q('dateRange')]] };
  if ((qt === 'equal' || qt === 'in') && c.cfg.dictName)
    return { obj: [...base, ['type', q('dict')], ['dict', q(c.cfg.dictName)], ...valueType(c)] };
  if (qt === 'equal' && c.kind === 'boolean') return { obj: [...base, ['type', q('bool')]] };
  return { obj: [...base, ['type', q('text')]] };
}

function columnOf(m: Model, c: Col): Node {
  const e: [string, Node][] = [
    ['key', q(c.prop)],
    ['titleKey', labelKey(m, c)],
  ];
  const isTime = c.db.dataType.startsWith('timestamp');
  e.push(['width', String(isTime ? 170 : c.kind === 'text' ? 180 : 120)]);
  if (m.sortable.has(c.db.name)) e.push(['sortable', 'true']);
  if (c.cfg.dictName) e.push(['dict', q(c.cfg.dictName)]);
  else if (isTime) e.push(['kind', q('datetime')]);
  else if (c.kind === 'boolean') e.push(['kind', q('bool')]);
  else if (c.kind === 'text' && (c.db.maxLength ?? 1000) > 64) e.push(['kind', q('ellipsis')]);
  return { obj: e };
}

const DATE_RENDER = '(_ctx, props) => <DateField {...(props as DateFieldProps)} />';

function fieldOf(m: Model, c: Col): Node {
  const e: [string, Node][] = [
    ['name', q(c.prop)],
    ['labelKey', labelKey(m, c)],
  ];
  const t = c.cfg.formType;
  if (t === 'date') e.push(['type', q('custom')]);
  else if (t !== 'input') e.push(['type', q(t)]);
  if (c.required) e.push(['required', 'true']);
  if ((t === 'select' || t === 'radio') && c.cfg.dictName)
    e.push(['dict', q(c.cfg.dictName)], ...valueType(c));
  if ((t === 'input' || t === 'textarea') && (c.cfg.maxLength ?? c.db.maxLength))
    e.push(['max', String(Math.min(c.cfg.maxLength ?? Infinity, c.db.maxLength ?? Infinity))]);
  if (t === 'date') e.push(['render', DATE_RENDER]);
  return { obj: e };
}

export function renderPage(m: Model): string {
  const listed = m.cols.filter((c) => c.cfg.listVisible);
  const form = m.cols.filter((c) => c.form);
  const hasDate = form.some((c) => c.cfg.formType === 'date');
  const hasCreateTime = m.table.columns.some((c) => c.name === 'create_time');
  const perm = (a: string) => ({ obj: [['permission', { arr: [q(`${m.family}:${a}`)] }]] }) as Node;
  const decl: Node = {
    obj: [
      ['name', q(m.family)],
      ['defaultSort', q(hasCreateTime ? 'createTime,desc' : 'id,desc')],
      ['filters', { arr: m.cols.filter((c) => c.cfg.queryType).map((c) => filterOf(m, c)) }],
      ['columns', { arr: listed.map((c) => columnOf(m, c)) }],
      [
        'form',
        {
          obj: [
            ['schema', `${m.family}Create`],
            ['fields', { arr: form.map((c) => fieldOf(m, c)) }],
          ],
        },
      ],
      [
        'permissions',
        {
          obj: [
            ['add', perm('add')],
            ['edit', perm('edit')],
            ['del', perm('del')],
          ],
        },
      ],
    ],
  };
  const row = m.cols.filter((c) => c.prop !== 'id').map((c) => `  ${c.prop}: ${tsType(c)};\n`);
  let out = header(m, `the list and form page of the ${m.family} family`);
  out += `import { ${m.family}Create } from '@tradelane/contract';\n`;
  // In the formatter's order (by path): components/domain before components/resource.
  if (hasDate)
    out += `import { DateField, type DateFieldProps } from '../../components/domain/DateField.tsx';\n`;
  out += `import { ResourcePage } from '../../components/resource/ResourcePage.tsx';\n`;
  out += `import type { ResourceDecl } from '../../components/resource/types.ts';\n`;
  out += `\ninterface ${m.Name}Row {\n  id: number;\n${row.join('')}}\n\n`;
  out += statement(`const decl: ResourceDecl<${m.Name}Row> = `, decl);
  out += `\nexport default function ${m.Name}Page() {\n`;
  out += `  return <ResourcePage decl={decl} titleKey="resources.${m.family}.what" />;\n}\n`;
  return out;
}

export function renderCatalogue(m: Model, lang: 'zh' | 'en'): string {
  const title = lang === 'zh' ? m.config.titleZh : m.config.titleEn;
  const fields: [string, Node][] = m.cols.map((c) => [
    c.prop,
    q(lang === 'zh' ? c.cfg.labelZh : c.cfg.labelEn),
  ]);
  let out = header(
    m,
    `the ${lang} texts of the ${m.family} pages; ${lang === 'zh' ? 'en' : 'zh'}/${m.file}.ts holds the same keys`,
  );
  out += statement(`export const ${m.family} = `, {
    obj: [
      ['what', q(title)],
      ['fields', { obj: fields }],
    ],
  });
  return out;
}
