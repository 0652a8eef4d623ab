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
  'customs.not_ready': {
    zh: '报关单还不能{action}：{list}',
    en: 'The declaration cannot be {action} yet: {list}',
  },
  'customs.action_submit': { zh: '提交审核', en: 'submitted for review' },
  'customs.action_approve': { zh: '审核通过', en: 'approved' },
  'customs.action_declare': { zh: '申报', en: 'declared' },
  'customs.action_file': { zh: '生成报关文件', en: 'written to the broker’s file' },
  'customs.header_missing': { zh: '表头未填{fields}', en: 'the header lacks the {fields}' },
  'customs.line_code_short': {
    zh: '第 {lineNo} 项商品编号须为 10 位海关编码（现为 {code}）',
    en: 'line {lineNo} needs the 10-digit customs commodity code (it has {code})',
  },
  'customs.line_code_missing': {
    zh: '第 {lineNo} 项没有商品编号',
    en: 'line {lineNo} has no commodity code',
  },
  'customs.line_code_not_in_tariff': {
    zh: '第 {lineNo} 项商品编号 {code} 不在海关税则表中',
    en: 'line {lineNo}: commodity code {code} is not in the customs tariff',
  },
  'customs.line_no_template': {
    zh: '第 {lineNo} 项商品编号 {code} 在海关税则表中没有申报要素模板（请导入含申报要素的税则）',
    en: 'line {lineNo}: commodity code {code} has no declaration-element template in the customs tariff (import the tariff with its elements)',
  },
  'customs.line_elements': {
    zh: '第 {lineNo} 项申报要素未填：{names}',
    en: 'line {lineNo} lacks the declaration elements {names}',
  },
  'customs.line_legal_unit': {
    zh: '第 {lineNo} 项法定第{n}计量单位应为 {unit}（税则表）',
    en: 'line {lineNo}: legal unit {n} is {unit} in the customs tariff',
  },
  'customs.line_legal_quantity': {
    zh: '第 {lineNo} 项缺少法定第{n}数量（{unit}）',
    en: 'line {lineNo} lacks legal quantity {n} (in {unit})',
  },
  'customs.line_price': {
    zh: '第 {lineNo} 项单价和总价须大于 0',
    en: 'line {lineNo} needs a unit price and total above 0',
  },
  'customs.line_over': {
    zh: '第 {lineNo} 项申报数量 {quantity} 超过已确认数量 {confirmed}',
    en: 'line {lineNo}: the declared quantity {quantity} exceeds the confirmed {confirmed}',
  },
  'customs.line_undivided': { zh: '第 {lineNo} 项尚未分票', en: 'line {lineNo} is not in a ticket' },
  'customs.ticket_rules': {
    zh: '第 {ticketNo} 票超过 50 项，或有两种监管方式或两个合同',
    en: 'ticket {ticketNo} holds more than 50 lines, two trade modes or two contracts',
  },
  'customs.ticket_currencies': {
    zh: '第 {ticketNo} 票的商品币制不一致（{currencies}）：一票只能有一种币制',
    en: 'ticket {ticketNo} mixes currencies ({currencies}): a ticket declares one',
  },
  'customs.ticket_no_contract': {
    zh: '第 {ticketNo} 票没有合同协议号',
    en: 'ticket {ticketNo} has no contract number',
  },
  'customs.ticket_no_boxes': {
    zh: '第 {ticketNo} 票的货物不在任何箱件中（尚未装箱，或与其他票的货物同箱）：件数和毛重无从得出',
    en: 'the goods of ticket {ticketNo} are in no box of their own (not packed, or packed with another ticket’s goods): its packages and weights cannot be told',
  },
  'customs.totals_mismatch': {
    zh: '表头{field} {header} 与各票之和 {tickets} 不符',
    en: 'the header’s {field} {header} differ from the tickets’ sum {tickets}',
  },
  'customs.no_packages': {
    zh: '表头未填件数和毛重',
    en: 'the header lacks the packages and gross weight',
  },
} as const;
