// What the logistics demo is made of: a second project of the demo shipper and
// eleven lots, one in each stage of the box logistics machine — their material rows, boxes, trucks and
// containers. logistics-demo.ts walks each lot through the machine to its stage.
import { LogisticsStatus, type LogisticsStatusValue } from '@tradelane/contract';

export type DemoUser = 'shipper' | 'supplier' | 'supplier2' | 'logistics' | 'site';

/** A material row: [code, name, English name, spec, HS code, quantity, unit, unit price, net, gross]. */
export type LotItem = [string, string, string, string, string, number, string, number, number, number];

export interface LotBox {
  type: string;
  size: [number, number, number];
  gross: number;
  net: number;
  items: [code: string, qty: number][];
  thisSideUp?: boolean;
  stackable?: boolean;
  remark?: string;
  /** Added after the packing list was handed over: still a draft, not the carriers' yet. */
  draft?: boolean;
}

export interface LotTruck {
  plate: string;
  vehicleType: string;
  driver: string;
  phone: string;
  /** Who registered and loads it. */
  by: 'supplier' | 'logistics';
  /** Indexes into the lot's boxes. */
  boxes: number[];
}

export interface LotContainer {
  /** Owner code and serial; the check digit is computed. */
  owner: string;
  serial: string;
  typeCode: '20GP' | '40GP' | '40HQ';
  seal: string;
  boxes: number[];
  /** Planned in 3D by the load planner before stuffing. */
  planned?: boolean;
}

export interface Lot {
  project: 'JKT2' | 'CTG4';
  number: string;
  name: [string, string];
  supplier: 'supplier' | 'supplier2';
  items: LotItem[];
  boxes: LotBox[];
  /** The stage the lot is walked to. */
  stage: LogisticsStatusValue;
  /** Days before today its boxes were loaded (or, not loaded yet, handed over). */
  daysAgo: number;
  trucks: LotTruck[];
  containers: LotContainer[];
  /** One box taken off its truck again (with the reason) and loaded onto the last truck next morning. */
  offLoad?: { box: number; reason: string };
  /** One box found damaged at receipt: an abnormal record with a photo, then sent back to the supplier. */
  rejected?: { box: number; abnormalType: string; quantity: number; note: string; reason: string };
  vessel?: { vessel: string; voyage: string; blNumber: string };
}

export const ctgProject = {
  name: '吉大港 400 kV 变电站扩建',
  enName: 'Chattogram 400 kV Substation Extension',
  code: 'CTG-SS4',
  country: 'BD',
  site: '孟加拉国吉大港 / Chattogram, Bangladesh',
  description: '400/230 kV 变电站扩建：主变压器、GIS、保护控制与电缆，分批海运至吉大港。',
  startDate: '2025-09-01',
  endDate: '2026-12-31',
  portOfDischarge: 'BDCGP',
  destinationSite: '吉大港变电站现场',
  destinationSiteEn: 'Chattogram substation site',
  contracts: [
    ['CTG4-SE-2025-001', 'supplier', 8_640_000, 'CNY', 'FOB', 'Shanghai', '主变压器及开关设备采购合同'],
    ['CTG4-HN-2025-002', 'supplier2', 690_000, 'USD', 'FOB', 'Shanghai', '电缆及接地材料采购合同'],
    ['CTG4-COSCO-2025-L01', 'logistics', 380_000, 'USD', 'CIF', 'Chattogram', '海运及清关服务合同'],
  ] as const,
};

const S = LogisticsStatus;
const supplierTruck = (plate: string, driver: string, phone: string, boxes: number[]): LotTruck => ({
  plate,
  vehicleType: '半挂车 13 m',
  driver,
  phone,
  by: 'supplier',
  boxes,
});
const logisticsTruck = (plate: string, vehicleType: string, driver: string, boxes: number[]): LotTruck => ({
  plate,
  vehicleType,
  driver,
  phone: '13916002288',
  by: 'logistics',
  boxes,
});
const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

export const lots: Lot[] = [
  {
    project: 'JKT2',
    number: 'JKT2-B004',
    name: ['第四批：低压配电柜', 'Lot 4: low-voltage switchboards'],
    supplier: 'supplier',
    items: [
      [
        'SE-LV-MNS',
        '低压配电柜',
        'Low-voltage switchboard',
        'MNS 0.4 kV, 4000 A',
        '853710',
        6,
        '面',
        45_000,
        5_400,
        6_450,
      ],
    ],
    boxes: times(3, {
      type: 'wooden_case',
      size: [2300, 1200, 2350],
      gross: 2_150,
      net: 1_800,
      items: [['SE-LV-MNS', 2]],
      thisSideUp: true,
    } as LotBox),
    stage: S.loaded,
    daysAgo: 1,
    trucks: [supplierTruck('沪A·D3581', '王师傅', '13812345678', [0, 1, 2])],
    containers: [],
  },
  {
    project: 'JKT2',
    number: 'JKT2-B005',
    name: ['第五批：控制电缆与光缆', 'Lot 5: control and optical cables'],
    supplier: 'supplier2',
    items: [
      [
        'HN-CC-10',
        '控制电缆',
        'Control cable',
        'KVVP2-22 10×1.5 mm²',
        '854449',
        8_000,
        'm',
        2.35,
        4_800,
        5_280,
      ],
      ['HN-OF-24', '光缆', 'Optical fibre cable', 'GYTA53-24B1', '854470', 4_000, 'm', 0.92, 800, 920],
    ],
    boxes: [
      ...times(4, {
        type: 'drum',
        size: [1800, 1100, 1800],
        gross: 1_650,
        net: 1_200,
        items: [['HN-CC-10', 2_000]],
      } as LotBox),
      ...times(2, {
        type: 'drum',
        size: [1400, 900, 1400],
        gross: 620,
        net: 400,
        items: [['HN-OF-24', 2_000]],
      } as LotBox),
    ],
    stage: S.shipped,
    daysAgo: 2,
    trucks: [supplierTruck('苏B·6K218', '张师傅', '13706183456', range(0, 6))],
    containers: [],
  },
  {
    project: 'JKT2',
    number: 'JKT2-B006',
    name: ['第六批：电缆附件', 'Lot 6: cable accessories'],
    supplier: 'supplier2',
    items: [
      [
        'HN-TM-30',
        '电缆终端',
        '30 kV cable termination',
        '冷缩式户外终端 3×240',
        '853590',
        120,
        '套',
        185,
        2_160,
        2_480,
      ],
      [
        'HN-JT-240',
        '电缆中间接头',
        '30 kV cable joint',
        '冷缩式中间接头 3×240',
        '853590',
        60,
        '套',
        240,
        1_260,
        1_440,
      ],
    ],
    boxes: [
      ...times(4, {
        type: 'pallet',
        size: [1200, 1000, 1100],
        gross: 620,
        net: 540,
        items: [['HN-TM-30', 30]],
      } as LotBox),
      ...times(2, {
        type: 'pallet',
        size: [1200, 1000, 900],
        gross: 720,
        net: 630,
        items: [['HN-JT-240', 30]],
      } as LotBox),
    ],
    stage: S.inTransit,
    daysAgo: 4,
    trucks: [
      supplierTruck('苏B·7L902', '周师傅', '13815276655', range(0, 6)),
      supplierTruck('苏B·3F117', '吴师傅', '13915278801', []),
    ],
    containers: [],
    offLoad: { box: 5, reason: '托盘超出车厢高度，换车装运' },
  },
  {
    project: 'JKT2',
    number: 'JKT2-B007',
    name: ['第七批：20 kV 开关柜（二）', 'Lot 7: 20 kV switchgear (II)'],
    supplier: 'supplier',
    items: [
      [
        'SE-SG-024',
        '20kV 金属铠装开关柜',
        '20 kV metal-clad switchgear',
        'KYN28A-24, 1250 A, 31.5 kA',
        '853720',
        12,
        '面',
        96_000,
        18_000,
        20_400,
      ],
      [
        'SE-SG-SPK',
        '开关柜备件',
        'Switchgear spare parts kit',
        '断路器触头、二次插件',
        '853890',
        4,
        '套',
        12_000,
        900,
        1_120,
      ],
    ],
    boxes: [
      ...times(6, {
        type: 'wooden_case',
        size: [2300, 1000, 2350],
        gross: 3_400,
        net: 3_000,
        items: [['SE-SG-024', 2]],
        thisSideUp: true,
        stackable: false,
      } as LotBox),
      ...times(4, {
        type: 'carton',
        size: [1200, 800, 900],
        gross: 280,
        net: 225,
        items: [['SE-SG-SPK', 1]],
      } as LotBox),
    ],
    stage: S.boxed,
    daysAgo: 5,
    trucks: [
      supplierTruck('沪A·F2760', '王师傅', '13812345678', [0, 1, 2, 6, 7]),
      supplierTruck('沪A·F2795', '陆师傅', '13801762230', [3, 4, 5, 8, 9]),
    ],
    containers: [
      {
        owner: 'CSN',
        serial: '720318',
        typeCode: '40HQ',
        seal: 'CN7731205',
        boxes: range(0, 10),
        planned: true,
      },
    ],
  },
  {
    project: 'JKT2',
    number: 'JKT2-B008',
    name: ['第八批：厂用变压器', 'Lot 8: station service transformers'],
    supplier: 'supplier',
    items: [
      [
        'SE-TR-020',
        '厂用变压器',
        'Station service transformer',
        'SZ11-20000/20, 20 MVA, 20/6.3 kV',
        '850422',
        2,
        '台',
        680_000,
        42_000,
        47_200,
      ],
      [
        'SE-TR-RAD',
        '变压器散热器',
        'Transformer radiators',
        '片式散热器 PC2600-28/520',
        '850490',
        2,
        '组',
        36_000,
        2_600,
        3_200,
      ],
    ],
    boxes: [
      ...times(2, {
        type: 'wooden_case',
        size: [3800, 2200, 2500],
        gross: 23_600,
        net: 21_000,
        items: [['SE-TR-020', 1]],
        thisSideUp: true,
        stackable: false,
      } as LotBox),
      ...times(2, {
        type: 'crate',
        size: [2400, 1200, 1800],
        gross: 1_600,
        net: 1_300,
        items: [['SE-TR-RAD', 1]],
      } as LotBox),
    ],
    stage: S.onBoard,
    daysAgo: 9,
    trucks: [
      logisticsTruck('沪B·L6620', '低平板 13 m', '郑师傅', [0, 2]),
      logisticsTruck('沪B·L6657', '低平板 13 m', '何师傅', [1, 3]),
    ],
    containers: [
      { owner: 'CBH', serial: '915402', typeCode: '40HQ', seal: 'CN7731288', boxes: [0, 2] },
      { owner: 'CBH', serial: '915417', typeCode: '40HQ', seal: 'CN7731289', boxes: [1, 3] },
    ],
    vessel: { vessel: 'COSCO SHIPPING LIBRA', voyage: '031S', blNumber: 'COSU6400185220' },
  },
  {
    project: 'CTG4',
    number: 'CTG4-B001',
    name: ['第一批：主变压器', 'Lot 1: main transformer'],
    supplier: 'supplier',
    items: [
      [
        'SE-TR-240',
        '主变压器',
        'Main power transformer',
        'SFZ11-240000/400, 240 MVA, 400/230 kV',
        '850423',
        1,
        '台',
        5_600_000,
        145_000,
        148_000,
      ],
      [
        'SE-TR-RAD',
        '变压器散热器',
        'Transformer radiators',
        '片式散热器 PC3000-32/520',
        '850490',
        4,
        '组',
        42_000,
        11_000,
        13_000,
      ],
      [
        'SE-TR-ACC',
        '变压器附件',
        'Transformer accessories',
        '套管、储油柜、气体继电器',
        '850490',
        1,
        '套',
        260_000,
        1_800,
        2_200,
      ],
    ],
    boxes: [
      {
        type: 'bare',
        size: [9800, 3600, 4200],
        gross: 148_000,
        net: 145_000,
        items: [['SE-TR-240', 1]],
        thisSideUp: true,
        stackable: false,
        remark: '超限件，散货船装运',
      },
      ...times(2, {
        type: 'crate',
        size: [3000, 2200, 2400],
        gross: 6_500,
        net: 5_500,
        items: [['SE-TR-RAD', 2]],
      } as LotBox),
      { type: 'wooden_case', size: [2200, 1500, 1600], gross: 2_200, net: 1_800, items: [['SE-TR-ACC', 1]] },
    ],
    stage: S.signed,
    daysAgo: 120,
    trucks: [
      logisticsTruck('沪D·Z0915', '液压轴线车 12 轴线', '孙师傅', [0]),
      logisticsTruck('沪B·L6620', '低平板 13 m', '郑师傅', [1, 2, 3]),
    ],
    containers: [{ owner: 'FCI', serial: '603371', typeCode: '40HQ', seal: 'CN6620417', boxes: [1, 2, 3] }],
    vessel: { vessel: 'XIN NING BO', voyage: '112W', blNumber: 'COSU6298841030' },
  },
  {
    project: 'CTG4',
    number: 'CTG4-B002',
    name: ['第二批：145 kV GIS', 'Lot 2: 145 kV GIS'],
    supplier: 'supplier',
    items: [
      [
        'SE-GIS-145',
        '145 kV GIS 组合电器',
        '145 kV gas-insulated switchgear',
        'ZF11-145, 3150 A, 40 kA, 间隔',
        '853529',
        3,
        '间隔',
        1_850_000,
        27_000,
        29_400,
      ],
      [
        'SE-GIS-LCP',
        'GIS 就地控制柜',
        'GIS local control cabinet',
        'LCP, 3 面',
        '853720',
        3,
        '面',
        68_000,
        1_500,
        1_900,
      ],
    ],
    boxes: [
      ...times(3, {
        type: 'wooden_case',
        size: [4200, 2200, 2500],
        gross: 9_800,
        net: 9_000,
        items: [['SE-GIS-145', 1]],
        thisSideUp: true,
        stackable: false,
      } as LotBox),
      {
        type: 'wooden_case',
        size: [2400, 1000, 2300],
        gross: 1_900,
        net: 1_500,
        items: [['SE-GIS-LCP', 3]],
        thisSideUp: true,
      },
    ],
    stage: S.received,
    daysAgo: 70,
    trucks: [
      logisticsTruck('沪B·L6657', '低平板 13 m', '何师傅', [0, 1, 3]),
      logisticsTruck('沪B·L6620', '低平板 13 m', '郑师傅', [2]),
    ],
    containers: [
      { owner: 'CSN', serial: '481266', typeCode: '40HQ', seal: 'CN6901133', boxes: [0, 1, 3] },
      { owner: 'CSN', serial: '481271', typeCode: '40HQ', seal: 'CN6901134', boxes: [2] },
    ],
    vessel: { vessel: 'COSCO SHIPPING CAPRICORN', voyage: '087W', blNumber: 'COSU6331207745' },
    rejected: {
      box: 3,
      abnormalType: 'damage',
      quantity: 1,
      note: '木箱顶盖及侧板开裂，柜门变形，疑为吊装时碰撞',
      reason: '外箱破损、柜门变形，退回供应商返修',
    },
  },
  {
    project: 'CTG4',
    number: 'CTG4-B003',
    name: ['第三批：保护及控制屏', 'Lot 3: protection and control panels'],
    supplier: 'supplier',
    items: [
      [
        'SE-PR-400',
        '线路保护屏',
        'Line protection panel',
        'PCS-931, 400 kV 线路',
        '853710',
        6,
        '面',
        128_000,
        4_200,
        4_500,
      ],
    ],
    boxes: times(3, {
      type: 'wooden_case',
      size: [2300, 900, 2200],
      gross: 1_500,
      net: 1_400,
      items: [['SE-PR-400', 2]],
      thisSideUp: true,
    } as LotBox),
    stage: S.delivered,
    daysAgo: 45,
    trucks: [supplierTruck('沪A·F2760', '王师傅', '13812345678', [0, 1, 2])],
    containers: [{ owner: 'TGH', serial: '208834', typeCode: '20GP', seal: 'CN7015520', boxes: [0, 1, 2] }],
    vessel: { vessel: 'XIN NING BO', voyage: '118W', blNumber: 'COSU6352210918' },
  },
  {
    project: 'CTG4',
    number: 'CTG4-B004',
    name: ['第四批：电力电缆', 'Lot 4: power cables'],
    supplier: 'supplier2',
    items: [
      [
        'HN-MV-240',
        '中压电力电缆',
        'MV power cable',
        'YJV22-18/30kV 3×240 mm²',
        '854460',
        3_000,
        'm',
        38.5,
        16_500,
        17_400,
      ],
      [
        'HN-LV-185',
        '低压电力电缆',
        'LV power cable',
        'YJV22-0.6/1kV 4×185+1×95 mm²',
        '854449',
        2_000,
        'm',
        21.2,
        7_600,
        8_000,
      ],
    ],
    boxes: [
      ...times(3, {
        type: 'drum',
        size: [2400, 1400, 2400],
        gross: 6_000,
        net: 5_500,
        items: [['HN-MV-240', 1_000]],
      } as LotBox),
      ...times(2, {
        type: 'drum',
        size: [2200, 1300, 2200],
        gross: 4_200,
        net: 3_800,
        items: [['HN-LV-185', 1_000]],
      } as LotBox),
    ],
    stage: S.unpacked,
    daysAgo: 30,
    trucks: [
      supplierTruck('苏B·6K218', '张师傅', '13706183456', [0, 1, 2]),
      supplierTruck('苏B·7L902', '周师傅', '13815276655', [3, 4]),
    ],
    containers: [
      { owner: 'OOL', serial: '772015', typeCode: '40HQ', seal: 'CN7208861', boxes: [0, 1, 2] },
      { owner: 'OOL', serial: '236650', typeCode: '20GP', seal: 'CN7208862', boxes: [3, 4] },
    ],
    vessel: { vessel: 'COSCO SHIPPING CAPRICORN', voyage: '093W', blNumber: 'COSU6377420116' },
  },
  {
    project: 'CTG4',
    number: 'CTG4-B005',
    name: ['第五批：互感器及隔离开关', 'Lot 5: instrument transformers and disconnectors'],
    supplier: 'supplier',
    items: [
      [
        'SE-CT-145',
        '电流互感器',
        'Current transformer',
        'LVB-145, 2×600/1 A',
        '850431',
        6,
        '台',
        32_000,
        3_600,
        4_200,
      ],
      ['SE-DS-170', '隔离开关', 'Disconnector', 'GW4-170, 2000 A', '853530', 6, '组', 68_000, 6_900, 7_500],
    ],
    boxes: [
      ...times(3, {
        type: 'wooden_case',
        size: [1400, 1000, 2300],
        gross: 1_400,
        net: 1_200,
        items: [['SE-CT-145', 2]],
        thisSideUp: true,
      } as LotBox),
      ...times(3, {
        type: 'crate',
        size: [4000, 1200, 900],
        gross: 2_500,
        net: 2_300,
        items: [['SE-DS-170', 2]],
      } as LotBox),
    ],
    stage: S.unloaded,
    daysAgo: 22,
    trucks: [supplierTruck('沪A·F2795', '陆师傅', '13801762230', range(0, 6))],
    containers: [{ owner: 'CSN', serial: '508843', typeCode: '40HQ', seal: 'CN7310097', boxes: range(0, 6) }],
    vessel: { vessel: 'XIN NING BO', voyage: '124W', blNumber: 'COSU6390015472' },
  },
  {
    project: 'CTG4',
    number: 'CTG4-B006',
    name: ['第六批：接地材料', 'Lot 6: earthing materials'],
    supplier: 'supplier2',
    items: [
      ['HN-GD-120', '铜绞线', 'Bare copper conductor', 'TJ-120 mm²', '741300', 5_000, 'm', 9.8, 5_400, 5_600],
      [
        'HN-GR-ROD',
        '镀铜接地极',
        'Copper-bonded earth rod',
        'Φ17.2×3000 mm',
        '853690',
        200,
        '根',
        46,
        1_900,
        2_100,
      ],
    ],
    boxes: [
      ...times(2, {
        type: 'drum',
        size: [1600, 1000, 1600],
        gross: 2_800,
        net: 2_700,
        items: [['HN-GD-120', 2_500]],
      } as LotBox),
      ...times(2, {
        type: 'bundle',
        size: [3000, 600, 500],
        gross: 1_050,
        net: 950,
        items: [['HN-GR-ROD', 80]],
      } as LotBox),
      {
        type: 'bundle',
        size: [3000, 400, 300],
        gross: 540,
        net: 480,
        items: [['HN-GR-ROD', 40]],
        draft: true,
        remark: '补发接地极，待提交',
      },
    ],
    stage: S.notLoaded,
    daysAgo: 2,
    trucks: [],
    containers: [],
  },
];
