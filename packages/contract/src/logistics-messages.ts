// Messages of a box's place in a container or on a vehicle (changed or undone through the spec's
// containerBoxPiece and accessoryInfoBoxPiece families).
export const logisticsLinkMessages = {
  'logistics.placement_locked': {
    zh: '箱件 {boxNumber} 已不在装箱环节（{status}），不能再改动它在集装箱内的位置',
    en: 'Box {boxNumber} is past stuffing ({status}): its place in the container can no longer change',
  },
  'logistics.placement_partial': {
    zh: '位置须同时给出 x、y、z 与摆放尺寸 l、w、h',
    en: 'A position needs x, y, z and the placed size l, w, h together',
  },
  'logistics.seq_taken': {
    zh: '装箱顺序 {seq} 已是箱件 {boxNumber} 的',
    en: 'Loading order {seq} is already box {boxNumber}’s',
  },
  'logistics.placement_bounds': {
    zh: '箱件 {boxNumber} 超出集装箱 {containerNumber} 的内部尺寸',
    en: 'Box {boxNumber} sticks out of container {containerNumber}',
  },
  'logistics.placement_overlap': {
    zh: '箱件 {boxNumber} 与同箱的其他箱件位置重叠',
    en: 'Box {boxNumber} overlaps another box in the container',
  },
  'logistics.placement_orientation': {
    zh: '箱件 {boxNumber} 的摆放尺寸不是它的长宽高（“此面向上”的箱件只能水平转动）',
    en: 'Box {boxNumber} is placed in a size that is not its own (a “this side up” box only turns flat)',
  },
  'logistics.placement_support': {
    zh: '箱件 {boxNumber} 下方支撑不足，或压在不可堆叠的箱件上',
    en: 'Box {boxNumber} is not fully supported, or rests on a box that carries nothing',
  },
  'logistics.sign_needs_reason': {
    zh: '还有 {notReceived} 件箱件未在现场收货、{open} 条异常未处理：签收前请填写继续签收的原因',
    en: '{notReceived} boxes were not received on site and {open} abnormal records are open: give the reason to sign anyway',
  },
  'notice.packing_submitted_logistics': {
    zh: '{supplier} 提交了批次 {batch} 的装箱单（{count} 箱），可安排提货与运输',
    en: '{supplier} submitted the packing list of batch {batch} ({count} boxes): pick-up and transport can be arranged',
  },
  'notice.list_confirmed_logistics': {
    zh: '货主确认了 {supplier} 在批次 {batch} 的物料清单，可着手订舱与报关准备',
    en: 'The shipper confirmed the material list of {supplier} on batch {batch}: booking and customs can be prepared',
  },
} as const;
