// The login screen's brand panel words, in both languages. The catalogues spread them into `login`, and the
// build writes the panel into index.html from here (build-plugins.ts), so it paints before any JavaScript.
export const hero = {
  zh: {
    heroTitle: '一张账本，贯通国际工程供应链',
    heroText: '货主、供应商与物流商在同一个项目记录上协作：项目、合同、批次与物料清单。',
    heroPoint1: '物料清单的提交、退回与确认，各方可见',
    heroPoint2: '中英双语，多租户协同',
    heroPoint3: '3D 装箱规划与 HS 编码检索',
  },
  en: {
    heroTitle: 'One record for the whole engineering supply chain',
    heroText:
      'Shippers, suppliers and logistics providers work on one project record: projects, contracts, batches and material lists.',
    heroPoint1: 'Material lists submitted, returned and confirmed in view of every party',
    heroPoint2: 'Bilingual, multi-tenant collaboration',
    heroPoint3: '3D load planning and HS code search',
  },
} as const;
