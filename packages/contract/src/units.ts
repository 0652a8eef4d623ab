// Units of measure as material lists write them, with the English form an English document prints. A row's
// unit stays as typed; documents look it up here by any of its written forms (Chinese, English, the
// UN/ECE Recommendation 20 code) and print the form of the document's language.

export interface UnitOfMeasure {
  /** UN/ECE Recommendation 20 common code. */
  code: string;
  zh: string;
  en: string;
  /** Other ways people write it (other Chinese measure words, English spellings, symbols). */
  aliases: readonly string[];
}

export const unitsOfMeasure: readonly UnitOfMeasure[] = [
  { code: 'C62', zh: '台', en: 'unit', aliases: ['部', '座', '辆', 'unit', 'units'] },
  { code: 'SET', zh: '套', en: 'set', aliases: ['组', '副', 'set', 'sets'] },
  {
    code: 'H87',
    zh: '件',
    en: 'pc',
    aliases: [
      '个',
      '只',
      '支',
      '根',
      '条',
      '块',
      '片',
      '颗',
      '枚',
      'pc',
      'pcs',
      'piece',
      'pieces',
      'ea',
      'each',
    ],
  },
  { code: 'C62', zh: '面', en: 'panel', aliases: ['面柜', 'panel', 'panels', 'cabinet'] },
  { code: 'PR', zh: '对', en: 'pair', aliases: ['双', 'pair', 'pairs'] },
  { code: 'KGM', zh: '千克', en: 'kg', aliases: ['公斤', 'kg', 'kgs', 'kilogram', 'kilograms'] },
  { code: 'GRM', zh: '克', en: 'g', aliases: ['g', 'gram', 'grams'] },
  { code: 'TNE', zh: '吨', en: 't', aliases: ['公吨', 't', 'ton', 'tons', 'tonne', 'tonnes'] },
  { code: 'MTR', zh: '米', en: 'm', aliases: ['延米', 'm', 'metre', 'metres', 'meter', 'meters'] },
  { code: 'KMT', zh: '千米', en: 'km', aliases: ['公里', 'km'] },
  { code: 'MMT', zh: '毫米', en: 'mm', aliases: ['mm'] },
  { code: 'MTK', zh: '平方米', en: 'm²', aliases: ['平米', 'm2', 'm²', 'sqm'] },
  { code: 'MTQ', zh: '立方米', en: 'm³', aliases: ['方', 'm3', 'm³', 'cbm'] },
  { code: 'LTR', zh: '升', en: 'L', aliases: ['l', 'litre', 'litres', 'liter', 'liters'] },
  { code: 'RO', zh: '卷', en: 'roll', aliases: ['roll', 'rolls'] },
  { code: 'RL', zh: '盘', en: 'reel', aliases: ['轴', 'reel', 'reels'] },
  { code: 'CS', zh: '箱', en: 'case', aliases: ['case', 'cases', 'carton', 'cartons', 'ctn'] },
  { code: 'BX', zh: '盒', en: 'box', aliases: ['box', 'boxes'] },
  { code: 'PK', zh: '包', en: 'pack', aliases: ['pack', 'packs', 'pkg'] },
  { code: 'BG', zh: '袋', en: 'bag', aliases: ['bag', 'bags'] },
  { code: 'DR', zh: '桶', en: 'drum', aliases: ['drum', 'drums'] },
  { code: 'BO', zh: '瓶', en: 'bottle', aliases: ['bottle', 'bottles'] },
  { code: 'BE', zh: '捆', en: 'bundle', aliases: ['bundle', 'bundles'] },
  { code: 'ST', zh: '张', en: 'sheet', aliases: ['sheet', 'sheets'] },
  { code: 'LO', zh: '批', en: 'lot', aliases: ['lot', 'lots'] },
  { code: 'E48', zh: '项', en: 'item', aliases: ['item', 'items'] },
  { code: 'C62', zh: '间隔', en: 'bay', aliases: ['bay', 'bays'] },
];

const byForm = new Map<string, UnitOfMeasure>();
for (const u of unitsOfMeasure)
  for (const form of [u.code, u.zh, u.en, ...u.aliases]) {
    const key = form.normalize('NFKC').trim().toLowerCase();
    if (!byForm.has(key)) byForm.set(key, u);
  }

/** The table's row for a unit as written, if it is one the table knows. */
export const unitOfMeasure = (written: string | null | undefined): UnitOfMeasure | undefined =>
  written ? byForm.get(written.normalize('NFKC').trim().toLowerCase()) : undefined;

/** A unit in a document's language: the table's form, or the unit as written when the table lacks it. */
export function unitName(written: string | null | undefined, lang: 'zh' | 'en' | 'bilingual'): string {
  const u = unitOfMeasure(written);
  if (!u) return written ?? '';
  return lang === 'zh' ? u.zh : lang === 'en' ? u.en : `${u.zh} ${u.en}`;
}
