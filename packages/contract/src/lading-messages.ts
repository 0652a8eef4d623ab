// Messages of bills of lading and the warehouse tally, spread into the catalogue in
// messages.ts: a code means one thing everywhere.
export const ladingMessages = {
  'lading.logistics_only': {
    zh: '只有该批次的物流服务商可以签发提单',
    en: 'Only a logistics provider of the batch can issue a bill of lading',
  },
  'lading.incomplete': {
    zh: '提单尚未填写完整：{fields}',
    en: 'The bill of lading is not complete yet: {fields}',
  },
  'lading.reason_required': { zh: '请填写驳回原因', en: 'Give a reason for rejecting the bill of lading' },
  'tally.logistics_only': {
    zh: '只有该批次的物流服务商可以理货',
    en: 'Only a logistics provider of the batch can tally its boxes',
  },
  'tally.short_quantity': {
    zh: '短少时理货数量须小于装箱数量',
    en: 'A short box holds fewer pieces than were packed',
  },
  'tally.over_quantity': {
    zh: '多出时理货数量须大于装箱数量',
    en: 'An over box holds more pieces than were packed',
  },
  'validation.tally_status': {
    zh: '理货结果须为相符、短少、多出或破损',
    en: 'must be matching, short, over or damaged',
  },
  'notice.bill_lading_submitted': {
    zh: '批次 {batch} 的提单 {no} 已提交，请确认',
    en: 'Bill of lading {no} of batch {batch} was submitted for your confirmation',
  },
  'notice.bill_lading_confirmed': {
    zh: '批次 {batch} 的提单 {no} 已确认',
    en: 'Bill of lading {no} of batch {batch} was confirmed',
  },
  'notice.bill_lading_rejected': {
    zh: '批次 {batch} 的提单 {no} 被驳回：{reason}',
    en: 'Bill of lading {no} of batch {batch} was rejected: {reason}',
  },
} as const;
