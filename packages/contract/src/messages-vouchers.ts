// Catalogue entries of payment vouchers and generated trade documents, spread into
// `messages` (one catalogue; a code means one thing everywhere).
export const voucherMessages = {
  'validation.amount': {
    zh: '须为大于 0 的金额，用小数写出（如 1234.56）',
    en: 'must be an amount above 0 written as a decimal (such as 1234.56)',
  },
  'voucher.amount_digits': {
    zh: '金额的小数位数超过了币种 {currency} 的最小单位（{digits} 位）',
    en: 'The amount has more decimals than {currency} has ({digits})',
  },
  'voucher.statement_not_confirmed': {
    zh: '只能对货主已确认的对账单上传付款凭证',
    en: 'Payment vouchers are uploaded only against a statement the shipper has confirmed',
  },
  'voucher.shipper_only': {
    zh: '只有该对账单的货主可以上传付款凭证',
    en: 'Only the shipper of the statement uploads its payment vouchers',
  },
  'voucher.currency_not_on_statement': {
    zh: '对账单中没有币种 {currency} 的费用',
    en: 'The statement has no charges in {currency}',
  },
  'voucher.over_outstanding': {
    zh: '金额超过了 {currency} 尚未付清的 {outstanding}',
    en: 'The amount is more than the {outstanding} still outstanding in {currency}',
  },
  'voucher.reason_required': { zh: '请填写驳回原因', en: 'Give a reason for rejecting the voucher' },
  'voucher.file_not_in_voucher': {
    zh: '该文件不属于此付款凭证',
    en: 'This file does not belong to the payment voucher',
  },
  'notice.voucher_submitted': {
    zh: '批次 {batch} 的对账单 {no} 收到付款凭证 {currency} {amount}（{bankReference}），请确认收款',
    en: 'A payment voucher of {currency} {amount} ({bankReference}) arrived for statement {no} of batch {batch}: confirm the receipt',
  },
  'notice.voucher_confirmed': {
    zh: '批次 {batch} 对账单 {no} 的付款凭证 {currency} {amount} 已确认收款',
    en: 'The payment of {currency} {amount} on statement {no} of batch {batch} was confirmed as received',
  },
  'notice.voucher_rejected': {
    zh: '批次 {batch} 对账单 {no} 的付款凭证 {currency} {amount} 被驳回：{reason}',
    en: 'The payment voucher of {currency} {amount} on statement {no} of batch {batch} was rejected: {reason}',
  },
  'papers.generate_type': {
    zh: '只能生成商业发票或装箱单',
    en: 'Only a commercial invoice or a packing list can be generated',
  },
  'papers.nothing_packed': {
    zh: '该批次还没有您可见的装箱货物，无法生成单据',
    en: 'No packed goods of this batch are visible to you: there is nothing to put on the document',
  },
  'papers.no_price': {
    zh: '物料「{name}」没有单价或币种，无法生成商业发票',
    en: 'Material "{name}" has no unit price or currency: the commercial invoice cannot be generated',
  },
} as const;
