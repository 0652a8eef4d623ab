// Messages of what leaves the system and comes back in (workbooks, the customs declaration file, HS
// codes typed or imported), spread into the catalogue in messages.ts: a code means one thing everywhere.
export const sheetsMessages = {
  'validation.time_zone': {
    zh: '须为 IANA 时区名称，如 Asia/Shanghai',
    en: 'must be an IANA time zone name such as Asia/Shanghai',
  },
  'hs.malformed': {
    zh: 'HS 编码「{code}」格式不对：应为 4、6、8 或 10 位数字，可带点，如 8537.10',
    en: 'HS code “{code}” is malformed: it has 4, 6, 8 or 10 digits, dots allowed, e.g. 8537.10',
  },
  'hs.unknown': {
    zh: 'HS 编码 {code} 不存在：HS 2022 没有这个品目或子目{hint}',
    en: 'HS code {code} does not exist: HS 2022 has no such heading or subheading{hint}',
  },
  'hs.unknown_hint': {
    zh: '（{parent} 下有：{children}）',
    en: ' (under {parent}: {children})',
  },
  'hs.not_hs2022': {
    zh: 'HS 编码 {code} 不属于 HS 2022：第 {chapter} 章不含协调制度商品（预留或供各国统计自用），请按 HS 2022 归类',
    en: 'HS code {code} is not an HS 2022 code: chapter {chapter} holds no goods in the Harmonized System (reserved, or for national statistics); classify the goods under HS 2022',
  },
  'hs.numeric_cell': {
    zh: 'HS 编码被 Excel 存成了数字 {value}，开头或末尾的 0 可能已丢失：请把 HS 编码列设为“文本”格式后按原样输入，如 0102.21',
    en: 'Excel stored this HS code as the number {value}, so leading or trailing zeros may be lost: format the HS code column as Text and type the code as written, e.g. 0102.21',
  },
  'import.tag_unknown': {
    zh: '不是已有的标签，可用：{tags}（用逗号或顿号分隔）',
    en: 'is not a known tag; use: {tags} (separated by commas)',
  },
} as const;
