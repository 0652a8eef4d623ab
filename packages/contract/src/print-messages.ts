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
  'papers.invoice_no_contract': {
    zh: '供应商「{supplier}」在本批次没有关联合同：商业发票需要合同的贸易术语（Incoterms® 2020）和指定地点',
    en: 'Supplier "{supplier}" has no contract on this batch: a commercial invoice needs the contract’s Incoterms® 2020 rule and named place',
  },
  'papers.invoice_no_incoterm': {
    zh: '合同 {contract} 未填写贸易术语（Incoterms® 2020）或指定地点，请先在合同中填写后再生成商业发票',
    en: 'Contract {contract} has no Incoterms® 2020 rule or named place: fill them in on the contract, then generate the commercial invoice',
  },
} as const;
