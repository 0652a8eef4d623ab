// Messages of what the product prints and sends out (labels, SSCCs, trade papers), spread into the
// catalogue in messages.ts: a code means one thing everywhere.
export const printMessages = {
  'boxes.sscc_prefix_format': {
    zh: 'GS1 厂商识别代码应为 6 至 12 位数字',
    en: 'A GS1 company prefix is 6 to 12 digits',
  },
  'boxes.sscc_range_spent': {
    zh: 'GS1 厂商识别代码 {prefix} 的 SSCC 序号已用完（共 {capacity} 个），请使用另一个厂商识别代码',
    en: 'The SSCC serials of GS1 company prefix {prefix} are used up ({capacity} in all): use another company prefix',
  },
  'boxes.sscc_label_format': {
    zh: '带 SSCC 的物流标签须用 100×150 毫米热敏标签或 A4 每页 4 张打印（A4 每页 8 张放不下 32 毫米高的 SSCC 条码）',
    en: 'Labels with an SSCC print on 100 × 150 mm thermal labels or A4 sheets of 4 (an A4 sheet of 8 has no room for the 32 mm SSCC bar code)',
  },
} as const;
