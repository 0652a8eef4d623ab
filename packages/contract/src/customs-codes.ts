// The customs code tables a declaration header picks from (spec §7 `customsCode`): customs
// offices (关区代码, also the port of exit/entry 出境/入境关别), trade modes (监管方式), transport modes
// (运输方式) and package types (包装种类), with China customs' own codes. These rows are what a new
// installation starts with; the administrator imports the full tables (CSV: kind,code,zh,en), and the
// server checks every header and line code against what the table holds.
import { z } from 'zod';

export const customsCodeKinds = ['customsOffice', 'tradeMode', 'transportMode', 'packageType'] as const;
export type CustomsCodeKind = (typeof customsCodeKinds)[number];

export const customsCodeKindLabels: Record<CustomsCodeKind, { zh: string; en: string }> = {
  customsOffice: { zh: '关区代码', en: 'customs office' },
  tradeMode: { zh: '监管方式代码', en: 'trade mode' },
  transportMode: { zh: '运输方式代码', en: 'transport mode' },
  packageType: { zh: '包装种类代码', en: 'package type' },
};

/** The shape of a code in each table: 4 digits, 4 digits, 1 character, 2 digits. */
export const customsCodeShapes: Record<CustomsCodeKind, RegExp> = {
  customsOffice: /^\d{4}$/,
  tradeMode: /^\d{4}$/,
  transportMode: /^[0-9A-Z]$/,
  packageType: /^\d{2}$/,
};

export interface CustomsCodeRow {
  code: string;
  zh: string;
  en: string;
}

/** The directly administered customs districts and the busiest export offices under them. */
const customsOffices: CustomsCodeRow[] = [
  { code: '0100', zh: '北京关区', en: 'Beijing Customs' },
  { code: '0200', zh: '天津关区', en: 'Tianjin Customs' },
  { code: '0202', zh: '新港海关', en: 'Xingang Customs (Tianjin port)' },
  { code: '0400', zh: '石家庄关区', en: 'Shijiazhuang Customs' },
  { code: '0500', zh: '太原海关', en: 'Taiyuan Customs' },
  { code: '0600', zh: '满洲里关', en: 'Manzhouli Customs' },
  { code: '0700', zh: '呼和浩特关区', en: 'Hohhot Customs' },
  { code: '0800', zh: '沈阳关区', en: 'Shenyang Customs' },
  { code: '0900', zh: '大连海关', en: 'Dalian Customs' },
  { code: '1500', zh: '长春关区', en: 'Changchun Customs' },
  { code: '1900', zh: '哈尔滨关区', en: 'Harbin Customs' },
  { code: '2200', zh: '上海海关', en: 'Shanghai Customs' },
  { code: '2225', zh: '外港海关', en: 'Waigang Customs (Waigaoqiao port)' },
  { code: '2248', zh: '洋山港区', en: 'Yangshan Port Customs' },
  { code: '2300', zh: '南京海关', en: 'Nanjing Customs' },
  { code: '2900', zh: '杭州关区', en: 'Hangzhou Customs' },
  { code: '3100', zh: '宁波关区', en: 'Ningbo Customs' },
  { code: '3104', zh: '北仑海关', en: 'Beilun Customs (Ningbo port)' },
  { code: '3300', zh: '合肥海关', en: 'Hefei Customs' },
  { code: '3500', zh: '福州关区', en: 'Fuzhou Customs' },
  { code: '3700', zh: '厦门关区', en: 'Xiamen Customs' },
  { code: '4000', zh: '南昌关区', en: 'Nanchang Customs' },
  { code: '4200', zh: '青岛海关', en: 'Qingdao Customs' },
  { code: '4600', zh: '郑州关区', en: 'Zhengzhou Customs' },
  { code: '4700', zh: '武汉海关', en: 'Wuhan Customs' },
  { code: '4900', zh: '长沙关区', en: 'Changsha Customs' },
  { code: '5100', zh: '广州海关', en: 'Guangzhou Customs' },
  { code: '5200', zh: '黄埔关区', en: 'Huangpu Customs' },
  { code: '5300', zh: '深圳海关', en: 'Shenzhen Customs' },
  { code: '5700', zh: '拱北关区', en: 'Gongbei Customs' },
  { code: '6000', zh: '汕头海关', en: 'Shantou Customs' },
  { code: '6400', zh: '海口关区', en: 'Haikou Customs' },
  { code: '6700', zh: '湛江关区', en: 'Zhanjiang Customs' },
  { code: '6800', zh: '江门关区', en: 'Jiangmen Customs' },
  { code: '7200', zh: '南宁关区', en: 'Nanning Customs' },
  { code: '7900', zh: '成都关区', en: 'Chengdu Customs' },
  { code: '8000', zh: '重庆关区', en: 'Chongqing Customs' },
  { code: '8300', zh: '贵阳海关', en: 'Guiyang Customs' },
  { code: '8600', zh: '昆明关区', en: 'Kunming Customs' },
  { code: '8800', zh: '拉萨海关', en: 'Lhasa Customs' },
  { code: '9000', zh: '西安关区', en: 'Xi’an Customs' },
  { code: '9400', zh: '乌鲁木齐关区', en: 'Urumqi Customs' },
  { code: '9500', zh: '兰州关区', en: 'Lanzhou Customs' },
  { code: '9600', zh: '银川海关', en: 'Yinchuan Customs' },
  { code: '9700', zh: '西宁关区', en: 'Xining Customs' },
];

/** 监管方式代码表: the modes an engineering project's goods leave and return under. */
const tradeModeRows: CustomsCodeRow[] = [
  { code: '0110', zh: '一般贸易', en: 'General trade' },
  { code: '0130', zh: '易货贸易', en: 'Barter trade' },
  { code: '0214', zh: '来料加工', en: 'Processing with supplied materials' },
  { code: '0615', zh: '进料对口', en: 'Processing with imported materials' },
  { code: '1210', zh: '保税电商', en: 'Bonded e-commerce' },
  { code: '1233', zh: '保税仓库货物', en: 'Bonded warehouse goods' },
  { code: '1523', zh: '租赁贸易', en: 'Leasing trade' },
  { code: '2025', zh: '合资合作设备', en: 'Equipment of joint ventures' },
  { code: '2225', zh: '外资设备物品', en: 'Equipment of foreign-invested enterprises' },
  { code: '2600', zh: '暂时进出货物', en: 'Temporary import/export' },
  { code: '2700', zh: '展览品', en: 'Exhibits' },
  { code: '3010', zh: '货样广告品', en: 'Samples and advertising material' },
  { code: '3339', zh: '其他进出口免费', en: 'Other free-of-charge goods' },
  { code: '3422', zh: '对外承包出口', en: 'Overseas contracting export' },
  { code: '4561', zh: '退运货物', en: 'Returned goods' },
  { code: '9610', zh: '电子商务', en: 'Cross-border e-commerce' },
  { code: '9739', zh: '其他贸易', en: 'Other trade' },
];

/** 运输方式代码表. */
const transportModeRows: CustomsCodeRow[] = [
  { code: '0', zh: '非保税区', en: 'Non-bonded area' },
  { code: '1', zh: '监管仓库', en: 'Supervised warehouse' },
  { code: '2', zh: '水路运输', en: 'Waterway' },
  { code: '3', zh: '铁路运输', en: 'Railway' },
  { code: '4', zh: '公路运输', en: 'Road' },
  { code: '5', zh: '航空运输', en: 'Air' },
  { code: '6', zh: '邮件运输', en: 'Mail' },
  { code: '7', zh: '保税区', en: 'Bonded zone' },
  { code: '8', zh: '保税仓库', en: 'Bonded warehouse' },
  { code: '9', zh: '其它运输', en: 'Other transport' },
  { code: 'G', zh: '固定设施运输', en: 'Fixed installations (pipeline, grid)' },
  { code: 'H', zh: '边境特殊海关作业区', en: 'Border special customs area' },
  { code: 'W', zh: '物流中心', en: 'Bonded logistics centre' },
  { code: 'X', zh: '物流园区', en: 'Bonded logistics park' },
  { code: 'Y', zh: '保税港区', en: 'Bonded port area' },
  { code: 'Z', zh: '出口加工区', en: 'Export processing zone' },
];

/** 包装种类代码表 (2018). */
const packageTypeRows: CustomsCodeRow[] = [
  { code: '00', zh: '散装', en: 'Bulk' },
  { code: '01', zh: '裸装', en: 'Bare (unpacked)' },
  { code: '04', zh: '球状罐类', en: 'Spherical tanks' },
  { code: '06', zh: '包/袋', en: 'Bags and sacks' },
  { code: '22', zh: '纸制或纤维板制盒/箱', en: 'Paper or fibreboard boxes and cartons' },
  { code: '23', zh: '木制或竹藤等植物性材料制盒/箱', en: 'Wooden or plant-material cases' },
  { code: '29', zh: '其他材料制盒/箱', en: 'Boxes and cases of other materials' },
  { code: '32', zh: '纸制或纤维板制桶', en: 'Paper or fibreboard drums' },
  { code: '33', zh: '木制或竹藤等植物性材料制桶', en: 'Wooden or plant-material barrels' },
  { code: '39', zh: '其他材料制桶', en: 'Drums of other materials' },
  { code: '92', zh: '再生木托', en: 'Reconstituted-wood pallets' },
  { code: '93', zh: '天然木托', en: 'Natural-wood pallets' },
  { code: '98', zh: '植物性铺垫材料', en: 'Plant-material dunnage' },
  { code: '99', zh: '其他包装', en: 'Other packaging' },
];

/** The rows a new installation's tables start with. */
export const customsCodeSeed: Record<CustomsCodeKind, readonly CustomsCodeRow[]> = {
  customsOffice: customsOffices,
  tradeMode: tradeModeRows,
  transportMode: transportModeRows,
  packageType: packageTypeRows,
};

/** A box's package type (boxes.ts) as the customs package code the header defaults to. */
export const boxPackageToCustoms: Record<string, string> = {
  wooden_case: '23',
  carton: '22',
  crate: '23',
  pallet: '92',
  bundle: '99',
  drum: '39',
  bare: '01',
};

/**
 * The customs office of a Chinese seaport (UN/LOCODE): the batch's port of loading gives the header's
 * exit office (出境关别) when the broker has not picked one.
 */
export const portCustomsOffice: Record<string, string> = {
  CNSHA: '2248',
  CNNGB: '3104',
  CNTXG: '0202',
  CNTSN: '0202',
  CNTAO: '4200',
  CNDLC: '0900',
  CNXMN: '3700',
  CNFOC: '3500',
  CNCAN: '5100',
  CNHUA: '5200',
  CNSZX: '5300',
  CNYTN: '5300',
  CNSHK: '5300',
  CNZHA: '6700',
};

/** The header fields checked against a table, and which table. */
export const declareCodedFields = {
  customsOffice: 'customsOffice',
  portOfExit: 'customsOffice',
  tradeMode: 'tradeMode',
  transportMode: 'transportMode',
  packageType: 'packageType',
} as const satisfies Record<string, CustomsCodeKind>;

export const zCustomsCodeKind = z.enum(customsCodeKinds);

export const customsCodeDictCreate = z
  .object({
    kind: zCustomsCodeKind,
    code: z.string().trim().min(1).max(8),
    nameZh: z.string().trim().min(1).max(100),
    nameEn: z.string().trim().min(1).max(200),
    sort: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .refine((v) => customsCodeShapes[v.kind].test(v.code), {
    message: 'customs.code_shape',
    path: ['code'],
  });
export const customsCodeDictUpdate = z.object({
  nameZh: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(200),
  sort: z.coerce.number().int().min(0).max(100_000),
});
