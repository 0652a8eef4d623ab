// Catalogue messages of supply-chain finance and trade policy, spread into `messages`.
export const financeMessages = {
  'finance.bad_amount': {
    zh: '金额须为非负数，最多 16 位整数',
    en: 'must be a non-negative amount with at most 16 integer digits',
  },
  'finance.bad_account': {
    zh: '银行账号须为 4 到 34 位字母或数字',
    en: 'must be 4 to 34 letters or digits',
  },
  'finance.bad_swift': {
    zh: 'SWIFT/BIC 代码无效（8 或 11 位，含有效国家代码）',
    en: 'is not a valid SWIFT/BIC code (8 or 11 characters with a real country code)',
  },
  'finance.info_exists': {
    zh: '本企业已登记银行与授信信息，请修改现有记录',
    en: 'Your company has bank and credit information already: edit it instead',
  },
  'finance.no_bank_info': {
    zh: '请先登记本企业的银行信息',
    en: "Register your company's bank information first",
  },
  'finance.finance_only': {
    zh: '只有平台金融人员可以设置信用评级与授信额度',
    en: "Only the platform's finance staff set the credit rating and credit limit",
  },
  'finance.platform_only': {
    zh: '只有平台的金融角色可以审核、放款与登记还款',
    en: "Only the platform's finance role reviews, disburses and records repayments",
  },
  'finance.basis_not_found': {
    zh: '找不到可融资的单据：须为本企业开具且已确认的对账单或商业发票',
    en: 'No basis for financing: it must be a confirmed statement or commercial invoice your company drew up',
  },
  'finance.basis_not_confirmed': {
    zh: '{basis}尚未确认，不能申请融资',
    en: 'The {basis} is not confirmed yet: no financing can be applied for',
  },
  'finance.currency_not_in_basis': {
    zh: '{basis}中没有 {currency} 金额',
    en: 'The {basis} holds no amount in {currency}',
  },
  'finance.amount_scale': {
    zh: '{currency} 金额最多 {digits} 位小数',
    en: 'An amount in {currency} has at most {digits} decimals',
  },
  'finance.amount_zero': { zh: '融资金额须大于 0', en: 'The amount must be above 0' },
  'finance.over_basis': {
    zh: '融资金额超出可融资余额：{basis}合计 {total} {currency}，已申请 {used}，最多还可申请 {left}',
    en: 'Over what is left to finance: the {basis} totals {total} {currency}, {used} is applied for already, at most {left} is left',
  },
  'finance.over_limit': {
    zh: '超出授信额度：额度 {limit} {currency}，在贷 {used}',
    en: 'Over the credit limit: limit {limit} {currency}, {used} outstanding',
  },
  'finance.reason_required': { zh: '请填写驳回原因', en: 'Give a reason for rejecting the application' },
  'notice.financing_applied': {
    zh: '{company} 提交了融资申请 {no}：{amount} {currency}',
    en: '{company} applied for financing {no}: {amount} {currency}',
  },
  'notice.financing_moved': {
    zh: '您的融资申请 {no}（{amount} {currency}）{statusZh}',
    en: 'Your financing application {no} ({amount} {currency}) is now: {statusEn}',
  },
  'notice.financing_rejected': {
    zh: '您的融资申请 {no} 被驳回：{reason}',
    en: 'Your financing application {no} was rejected: {reason}',
  },
  'notice.financing_disbursed': {
    zh: '融资 {no} 已放款 {amount} {currency}，到期日 {dueDate}',
    en: 'Financing {no} was disbursed: {amount} {currency}, due on {dueDate}',
  },
  'notice.financing_due': {
    zh: '融资 {no}（{amount} {currency}）将于 {dueDate} 到期，还剩 {days} 天',
    en: 'Financing {no} ({amount} {currency}) is due on {dueDate}, in {days} days',
  },
  'notice.financing_overdue': {
    zh: '融资 {no}（{amount} {currency}）已于 {dueDate} 到期，请尽快还款',
    en: 'Financing {no} ({amount} {currency}) was due on {dueDate}: please repay it',
  },
  'jobs.result_financing': {
    zh: '已提醒 {count} 笔即将到期的融资',
    en: '{count} financing loans reminded of their due date',
  },
  'tradePolicy.bad_country': { zh: '不是有效的国家代码', en: 'is not an ISO 3166 country code' },
  'tradePolicy.bad_prefix': {
    zh: 'HS 编码须为 2、4、6、8 或 10 位数字',
    en: 'must be an HS code of 2, 4, 6, 8 or 10 digits',
  },
  'tradePolicy.bad_date': { zh: '日期格式应为 YYYY-MM-DD', en: 'must be a date as YYYY-MM-DD' },
  'tradePolicy.bad_rate': {
    zh: '税率须为 0 到 1000 之间的百分数',
    en: 'must be a percent between 0 and 1000',
  },
  'tradePolicy.bad_url': {
    zh: '来源链接须以 http:// 或 https:// 开头',
    en: 'must be an http:// or https:// link',
  },
  'tradePolicy.source_required': {
    zh: '请填写来源（链接或文字）',
    en: 'Give a source (a link or a text)',
  },
  'tradePolicy.bad_validity': {
    zh: '失效日期不能早于生效日期',
    en: 'The end of validity cannot be before its start',
  },
  'tradePolicy.import_none': {
    zh: '文件中没有有效的税率行（需要列：国家、HS编码、最惠国税率）',
    en: 'No valid rate rows in the file (columns needed: country, HS code, MFN rate)',
  },
  'tradePolicy.import_invalid': {
    zh: '第 {row} 行无效：{field}',
    en: 'Row {row} is invalid: {field}',
  },
} as const;
