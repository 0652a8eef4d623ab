// The words of the printed load plan in both languages. The server's PDF (modules/loadplan/pdf.ts) and
// the browser's print (the web's `loadplan.pdfDoc` catalogue) read this one catalogue, so the two
// prints of a plan can never say different things. Placeholders are `{{name}}`, as in the web's i18n.
export const loadPlanPrintWords = {
  zh: {
    title: '装箱方案',
    subtitle: '生成时间 {{date}} · 优化目标：{{mode}} · {{where}}，用时 {{ms}} ms',
    mode: { fewest: '集装箱最少', cheapest: '成本最低' },
    where: { browser: '在浏览器中计算', server: '在服务器上计算' },
    page: '第 {{page}} / {{total}} 页',
    containers: '集装箱',
    boxTypes: '货物清单',
    no: '序号',
    type: '箱型',
    inner: '内尺寸 (mm)',
    boxes: '件数',
    volume: '体积利用率',
    weight: '重量 / 载重 (kg)',
    cog: '重心距后壁',
    name: '货物',
    dims: '尺寸 (mm)',
    unitWeight: '单重 (kg)',
    qty: '数量',
    loaded: '已装',
    leftover: '未装',
    rules: '装载要求',
    count: '件数',
    totalWeight: '重量 (kg)',
    thisSideUp: '此面向上',
    noStack: '不可堆叠',
    maxTop: '顶部承重 {{kg}} kg',
    group: '第 {{group}} 组',
    leftoverNote: '有 {{count}} 件货物未能装入，请增加集装箱或调整货物',
    leftoverNone: '全部货物均已装入',
    containerTitle: '{{n}}/{{total}} 号柜：{{type}}',
    facts: '内尺寸 {{l}} × {{w}} × {{h}} mm · {{boxes}} 件 · 体积利用率 {{volume}}% · 重量 {{weight}} kg',
    steps: '装载步骤',
    stepCaption: '第 {{from}}–{{to}} 件（共 {{total}} 件）',
    sep: '，',
    dot: ' · ',
  },
  en: {
    title: 'Load plan',
    subtitle: 'Created {{date}} · optimised for: {{mode}} · {{where}} in {{ms}} ms',
    mode: { fewest: 'fewest containers', cheapest: 'lowest cost' },
    where: { browser: 'planned in the browser', server: 'planned on the server' },
    page: 'page {{page}} / {{total}}',
    containers: 'Containers',
    boxTypes: 'Cargo list',
    no: 'No.',
    type: 'Type',
    inner: 'Inner size (mm)',
    boxes: 'Boxes',
    volume: 'Volume used',
    weight: 'Weight / payload (kg)',
    cog: 'CoG from back',
    name: 'Cargo',
    dims: 'Size (mm)',
    unitWeight: 'Weight each (kg)',
    qty: 'Qty',
    loaded: 'Loaded',
    leftover: 'Left over',
    rules: 'Handling',
    count: 'Boxes',
    totalWeight: 'Weight (kg)',
    thisSideUp: 'This side up',
    noStack: 'Do not stack',
    maxTop: 'Max {{kg}} kg on top',
    group: 'Group {{group}}',
    leftoverNote: '{{count}} boxes could not be loaded: add containers or change the cargo',
    leftoverNone: 'Every box is loaded',
    containerTitle: 'Container {{n}} of {{total}}: {{type}}',
    facts: 'Inner {{l}} × {{w}} × {{h}} mm · {{boxes}} boxes · {{volume}}% of the volume · {{weight}} kg',
    steps: 'Loading steps',
    stepCaption: 'Boxes {{from}}–{{to}} (of {{total}})',
    sep: ', ',
    dot: ' · ',
  },
} as const;

type Words = typeof loadPlanPrintWords.zh;
/** The keys whose words are plain text (the two nested choices aside). */
export type LoadPlanPrintKey = { [K in keyof Words]: Words[K] extends string ? K : never }[keyof Words];

/** A printed word in the language, its `{{name}}` placeholders filled. */
export function loadPlanPrintWord(
  lang: 'zh' | 'en',
  key: LoadPlanPrintKey,
  params: Record<string, string | number> = {},
): string {
  const template: string = loadPlanPrintWords[lang][key];
  return template.replace(/\{\{(\w+)\}\}/g, (all, name: string) =>
    params[name] === undefined ? all : String(params[name]),
  );
}
