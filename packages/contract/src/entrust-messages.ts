// Messages of the shipping instruction and the vessel register, spread into the
// catalogue in messages.ts: a code means one thing everywhere.
export const entrustMessages = {
  'vessel.imo_format': {
    zh: 'IMO 编号应为 7 位数字，如 IMO 9795610',
    en: 'An IMO number is 7 digits, like IMO 9795610',
  },
  'vessel.imo_check_digit': {
    zh: 'IMO 编号校验位错误，应为 {expected}',
    en: 'Wrong check digit in the IMO number: it should be {expected}',
  },
  'vessel.mmsi_format': { zh: 'MMSI 应为 9 位数字', en: 'An MMSI is 9 digits' },
  'vessel.imo_taken': {
    zh: 'IMO {imo} 的船舶已在船舶登记册中',
    en: 'A vessel with IMO {imo} is already in the register',
  },
  'vessel.logistics_only': {
    zh: '船舶登记册与船期由物流服务商维护',
    en: 'Logistics providers keep the vessel register and its schedules',
  },
  'vessel.etd_before_eta': { zh: '离港时间不能早于到港时间', en: 'The ETD cannot be before the ETA' },
  'vessel.in_use': {
    zh: '船舶 {name} 已被托运委托引用，不能删除',
    en: 'Vessel {name} is named by a shipping instruction and cannot be deleted',
  },
  'entrust.port_unknown': {
    zh: '{code} 不是 UN/LOCODE 港口代码表中的港口',
    en: '{code} is not a sea port of the UN/LOCODE list',
  },
  'entrust.shipper_only': {
    zh: '只有该批次的货主可以填写托运委托',
    en: "Only the batch's shipper draws up its shipping instruction",
  },
  'entrust.no_provider': {
    zh: '该批次还没有物流服务商，请先邀请物流商加入批次',
    en: 'The batch has no logistics provider yet: add one to the batch first',
  },
  'entrust.choose_provider': {
    zh: '该批次有多家物流服务商，请选择委托对象',
    en: 'The batch has several logistics providers: choose the one to instruct',
  },
  'entrust.not_provider': {
    zh: '所选企业不是该批次的物流服务商',
    en: 'That company is not a logistics provider of this batch',
  },
  'entrust.read_only': {
    zh: '已提交或已接受的托运委托不能修改或删除',
    en: 'A submitted or accepted shipping instruction can no longer be changed or deleted',
  },
  'entrust.no_cargo': {
    zh: '该批次还没有已提交的箱件，无货可托运',
    en: 'No boxes of the batch are handed over yet: there is no cargo to ship',
  },
  'entrust.reason_required': { zh: '请填写退回原因', en: 'Give a reason for returning the instruction' },
  'notice.entrust_submitted': {
    zh: '批次 {batch} 的托运委托 {no} 已提交，请处理',
    en: 'Shipping instruction {no} of batch {batch} was submitted to you',
  },
  'notice.entrust_accepted': {
    zh: '批次 {batch} 的托运委托 {no} 已被物流服务商接受',
    en: 'Shipping instruction {no} of batch {batch} was accepted by the logistics provider',
  },
  'notice.entrust_returned': {
    zh: '批次 {batch} 的托运委托 {no} 被退回：{reason}',
    en: 'Shipping instruction {no} of batch {batch} was returned: {reason}',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
