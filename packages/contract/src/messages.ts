// The server's error and notice messages in both languages, keyed by a stable code.
// The web reads the same catalogue, so a code means one thing everywhere.

import { entrustMessages } from './entrust-messages.ts';
import { financeMessages } from './finance-messages.ts';
import { ladingMessages } from './lading-messages.ts';
import { logisticsLinkMessages } from './logistics-messages.ts';
import { voucherMessages } from './messages-vouchers.ts';
import { platformMessages } from './platform-messages.ts';
import { printMessages } from './print-messages.ts';
import { servicesMessages } from './services-messages.ts';
import { sheetsMessages } from './sheets-messages.ts';
import { towerMessages } from './tower-messages.ts';

export type Lang = 'zh' | 'en';
export type Localized = { zh: string; en: string };

export const messages = {
  ...entrustMessages,
  ...financeMessages,
  ...ladingMessages,
  ...printMessages,
  ...logisticsLinkMessages,
  ...servicesMessages,
  ...sheetsMessages,
  ...towerMessages,
  ...voucherMessages,
  ...platformMessages,
  'auth.unauthorized': {
    zh: '登录状态已过期，请重新登录',
    en: 'Your session has expired, please log in again',
  },
  'auth.bad_credentials': { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  'auth.captcha_invalid': { zh: '验证码错误', en: 'Wrong verification code' },
  'auth.captcha_expired': { zh: '验证码不存在或已过期', en: 'The verification code has expired' },
  'auth.slow_down': {
    zh: '此处登录失败次数过多，请 {seconds} 秒后再试',
    en: 'Too many failed logins from here: try again in {seconds} seconds',
  },
  'auth.captcha_required': {
    zh: '该账号近期登录失败较多，请输入验证码',
    en: 'This account has had many failed logins: enter the verification code',
  },
  'auth.disabled': { zh: '账号已停用', en: 'This account is disabled' },
  'auth.tenant_stopped': { zh: '所属企业已停用', en: 'Your company account has been stopped' },
  'auth.trial_expired': {
    zh: '试用期已结束，请完成企业认证',
    en: 'Your trial has ended: please certify your company',
  },
  'auth.reset_code_invalid': { zh: '验证码错误或已过期', en: 'The reset code is wrong or has expired' },
  'auth.reset_target_required': { zh: '请填写手机号或邮箱', en: 'Give a mobile number or an e-mail address' },
  'auth.header_required': {
    zh: '此操作须在请求头中携带登录令牌',
    en: 'This action needs the session token in the Authorization header',
  },
  'auth.reset_code_limit': {
    zh: '验证码请求过多，请 {minutes} 分钟后再试',
    en: 'Too many verification codes requested: try again in {minutes} minutes',
  },
  'auth.old_password_wrong': { zh: '旧密码错误', en: 'The old password is wrong' },
  'auth.password_wrong': { zh: '密码错误', en: 'The password is wrong' },
  'auth.same_password': { zh: '新密码不能与旧密码相同', en: 'The new password must differ from the old one' },
  forbidden: { zh: '没有权限访问此资源', en: 'You do not have permission for this' },
  not_found: { zh: '数据不存在或无权访问', en: 'Not found, or not yours to see' },
  rate_limited: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, try again later' },
  data_id_unique: {
    zh: 'data_id_unique：操作过快，请稍后再试',
    en: 'data_id_unique: operating too fast, try again later',
  },
  'unique.email': { zh: 'email 邮箱已被注册', en: 'email is already registered' },
  'unique.phone': { zh: 'phone 手机号已被注册', en: 'phone number is already registered' },
  'unique.username': { zh: '用户名已存在', en: 'This user name is taken' },
  'unique.generic': { zh: '{field} 已存在', en: '{field} already exists' },
  validation: { zh: '参数错误：{field} {reason}', en: 'Invalid input: {field} {reason}' },
  'validation.nul_byte': {
    zh: '参数错误：{field} 含有不允许的空字符',
    en: 'Invalid input: {field} contains a NUL character',
  },
  'validation.integer_range': {
    zh: '参数错误：{field} 须为 {min} 到 {max} 之间的整数',
    en: 'Invalid input: {field} must be a whole number from {min} to {max}',
  },
  'validation.too_many_values': {
    zh: '参数错误：{field} 最多 {max} 个值',
    en: 'Invalid input: {field} takes at most {max} values',
  },
  'validation.date_range': {
    zh: '参数错误：{field} 须为 1 到 9999 年之间的有效日期',
    en: 'Invalid input: {field} must be a valid date between the years 1 and 9999',
  },
  'validation.invalid_date': { zh: '不是有效的日期', en: 'is not a valid date' },
  'validation.end_before_start': { zh: '不能早于开始日期', en: 'must not be before the start date' },
  'validation.required': { zh: '不能为空', en: 'is required' },
  'validation.invalid_type': { zh: '类型错误', en: 'has the wrong type' },
  'validation.too_small': { zh: '长度或数值过小（最小 {min}）', en: 'is too small (minimum {min})' },
  'validation.too_big': { zh: '长度或数值过大（最大 {max}）', en: 'is too large (maximum {max})' },
  'validation.invalid_format': { zh: '格式错误', en: 'has the wrong format' },
  'validation.invalid_value': { zh: '取值无效', en: 'has an invalid value' },
  'validation.unknown_field': { zh: '不支持的参数', en: 'is not a supported parameter' },
  'validation.password_rule': {
    zh: '密码须为 8 到 16 位，不能包含中文，且至少包含数字、小写字母、大写字母、特殊符号中的 3 种',
    en: 'The password must be 8 to 16 characters, without Chinese characters, with at least 3 of: digit, lowercase, uppercase, symbol',
  },
  'validation.phone': { zh: '请输入正确的电话号码', en: 'Enter a valid mobile number' },
  'validation.email': { zh: '请输入正确的邮箱地址', en: 'Enter a valid e-mail address' },
  'validation.ip': { zh: '请输入正确的IP地址', en: 'Enter a valid IP address' },
  'validation.str_len': { zh: '请输入合法的字符串长度', en: 'The text length is out of range' },
  'validation.feedback_required': { zh: '意见反馈不能为空', en: 'Feedback cannot be empty' },
  'validation.feedback_length': { zh: '长度在 1 到 500 个字符', en: 'Length must be 1 to 500 characters' },
  'validation.contact_required': { zh: '联系电话不能为空', en: 'The contact phone cannot be empty' },
  'validation.corporate_name': { zh: '企业名称不能为空', en: 'The company name cannot be empty' },
  'validation.role_type': { zh: '请选择账号类型', en: 'Choose an account type' },
  'validation.body_required': { zh: '请求内容不能为空', en: 'The request body is missing' },
  'validation.ids_required': { zh: '请选择要删除的数据', en: 'Choose the rows to delete' },
  'resource.in_use': { zh: '{what} 正在使用中，不能删除', en: '{what} is in use and cannot be deleted' },
  'resource.bad_sort': { zh: '不支持按 {field} 排序', en: 'Cannot sort by {field}' },
  'resource.sort_needs_filter': {
    zh: '按 {field} 排序前，请先按 {filters} 筛选',
    en: 'Sorting by {field} needs a filter by {filters} first',
  },
  'resource.bad_filter': { zh: '不支持的查询条件：{field}', en: 'Unknown filter: {field}' },
  'resource.bad_cursor': {
    zh: '分页游标无效，请从第一页重新加载',
    en: 'The page cursor is not valid; load the list again from its first page',
  },
  'loadplan.too_large': {
    zh: '装箱方案所需内存超出上限，请减少箱数或缩短计算时间后重试',
    en: 'This load plan needs more memory than allowed; plan fewer boxes or a shorter time limit',
  },
  'loadplan.overrun': {
    zh: '装箱方案未能在时限内完成，请减少箱数或缩短计算时间后重试',
    en: 'This load plan did not finish in time; plan fewer boxes or a shorter time limit',
  },
  'loadplan.busy': {
    zh: '您的企业已有 {waiting} 个装箱方案在排队，请等其中一个完成后再试',
    en: 'Your company already has {waiting} load plans waiting; try again when one of them has finished',
  },
  'loadplan.busy_node': {
    zh: '装箱计算繁忙，各企业共有 {waiting} 个方案在排队，请稍后重试',
    en: 'The load planner is busy with {waiting} plans of several companies waiting; try again shortly',
  },
  'loadplan.no_turn': {
    zh: '装箱计算繁忙，未能在您设定的 {seconds} 秒时限内开始计算，请稍后重试或放宽时限',
    en: 'The load planner was too busy to start your plan within its time limit of {seconds} s; try again shortly or allow more time',
  },
  'resource.field_not_writable': {
    zh: '您无权修改字段 {field}',
    en: 'You may not change the field {field}',
  },
  'resource.bad_reference': {
    zh: '{field} 指向的数据不存在或您无权访问',
    en: '{field} names a record that does not exist or that you cannot use',
  },
  'role.template_not_assignable': {
    zh: '该模板角色不适用于您的企业类型',
    en: 'This template role does not fit your kind of company',
  },
  'resource.bad_page': { zh: '分页参数错误', en: 'Invalid paging parameters' },
  'role.level_too_high': {
    zh: '角色权限不足，你的角色级别：{level}，低于操作的角色级别：{target}',
    en: 'Your role level {level} cannot manage a role of level {target}',
  },
  'role.grant_exceeds': {
    zh: '不能授予你自己没有的权限',
    en: 'You cannot grant permissions you do not have',
  },
  'tenant.cert_pending': {
    zh: '认证资料已提交，请耐心等待审核',
    en: 'Your documents are already under review',
  },
  'tenant.cert_done': { zh: '企业已认证，无需重复提交', en: 'Your company is already certified' },
  'tenant.cert_submitted': {
    zh: '提交成功，我们将在 2 个工作日内完成审核',
    en: 'Submitted: we will review your documents within 2 working days',
  },
  // Spec §4: two separate messages, one per missing file.
  'tenant.cert_licence_required': {
    zh: '请上传企业营业执照',
    en: 'Please upload the enterprise business licence',
  },
  'tenant.cert_letter_required': {
    zh: '请上传授权书',
    en: 'Please upload the authorization letter',
  },
  // Spec §4: "file size should not exceed 10M, please reselect".
  'file.too_large': {
    zh: '文件大小不能超过{max}，请重新选择',
    en: 'File size should not exceed {max}, please reselect',
  },
  'file.bad_type': { zh: '不支持的文件类型：{type}', en: 'This file type is not accepted: {type}' },
  'file.xlsx_too_large': {
    zh: '表格解压后过大或文件条目过多（最多 {maxMb} MB、{maxEntries} 个条目）',
    en: 'The workbook is too large once unpacked, or has too many parts (at most {maxMb} MB, {maxEntries} parts)',
  },
  'file.quota': {
    zh: '存储空间不足：已用 {used} MB，配额 {quota} MB',
    en: 'Out of storage: {used} MB used of a {quota} MB quota',
  },
  'file.missing': { zh: '请选择文件', en: 'Choose a file' },
  'menu.self_parent': { zh: '上级不能为自己或下级', en: 'A menu cannot be its own parent or descendant' },
  'menu.has_children': { zh: '请先删除下级菜单', en: 'Delete the sub-menus first' },
  'dept.has_children': { zh: '请先删除下级部门', en: 'Delete the sub-departments first' },
  'user.self_delete': { zh: '不能删除自己', en: 'You cannot delete yourself' },
  'user.self_disable': { zh: '不能停用自己', en: 'You cannot disable yourself' },
  internal: { zh: '服务器内部错误，请联系平台客服', en: 'Server error, contact platform customer service' },
  'message.no_session': { zh: '找不到当前登录的信息', en: 'No current login found' },
  ok: { zh: '操作成功', en: 'Done' },
  'validation.currency': { zh: '不是有效的 ISO 4217 币种代码', en: 'is not an ISO 4217 currency code' },
  'validation.country': { zh: '不是有效的 ISO 3166 国家代码', en: 'is not an ISO 3166 country code' },
  'validation.hs_code': { zh: '须为 4 到 10 位数字的 HS 编码', en: 'must be an HS code of 4 to 10 digits' },
  'validation.locode': { zh: '须为 5 位 UN/LOCODE 港口代码', en: 'must be a 5-character UN/LOCODE' },
  'state.not_allowed': {
    zh: '当前状态（{from}）不允许此操作（{event}）',
    en: 'This action ({event}) is not allowed in the current state ({from})',
  },
  'state.wrong_party': { zh: '此操作不由你方执行', en: 'This action is not yours to take' },
  'partner.required': {
    zh: '此功能需要货主邀请后才能使用',
    en: 'This feature requires an invitation from a shipper',
  },
  'partner.keyword_required': {
    zh: '请输入企业名称、统一社会信用代码或手机号',
    en: 'Give a company name, company code or mobile number',
  },
  'partner.not_found': {
    zh: '未找到该供应商或物流商，请确认企业名称、信用代码或手机号',
    en: 'No supplier or logistics provider matches that name, code or mobile number',
  },
  'partner.bad_end': {
    zh: '只能邀请供应商或物流商',
    en: 'Only suppliers and logistics providers can be invited',
  },
  'partner.shipper_only': { zh: '只有货主可以执行此操作', en: 'Only a shipper can do this' },
  'partner.already': {
    zh: '该企业已被邀请或已是合作伙伴',
    en: 'This company is already invited or a partner',
  },
  'partner.no_invitation': { zh: '没有待接受的邀请', en: 'There is no pending invitation' },
  'partner.in_use': {
    zh: '该合作伙伴已参与批次，不能删除',
    en: 'This partner takes part in batches and cannot be removed',
  },
  'batch.not_partner': {
    zh: '该企业还不是你的合作伙伴，请先邀请',
    en: 'This company is not your partner yet: invite it first',
  },
  'batch.partner_exists': { zh: '该企业已在此批次中', en: 'This company already takes part in the batch' },
  'batch.has_materials': {
    zh: '该批次伙伴已有物料清单，不能移除',
    en: 'This partner already has a material list on the batch and cannot be removed',
  },
  'contract.number_taken': { zh: '合同号 {number} 已存在', en: 'Contract number {number} already exists' },
  'contract.bad_counterparty': {
    zh: '合同对方须为已接受邀请的合作伙伴',
    en: 'The counterparty must be a partner who has accepted your invitation',
  },
  'supplies.no_material': {
    zh: '无物料数据，不能提交',
    en: 'No material data: the list cannot be submitted',
  },
  'supplies.locked': {
    zh: '物料清单已确认，任何人不能再修改或删除',
    en: 'The material list is confirmed: nobody can edit or delete it',
  },
  'supplies.not_editable': {
    zh: '物料清单已提交，待货主处理期间不能修改',
    en: 'The material list is submitted: it cannot change while the shipper reviews it',
  },
  'supplies.not_partner': {
    zh: '你方不是该批次的供应商',
    en: 'Your company is not a supplier on this batch',
  },
  'supplies.reason_required': { zh: '请填写退回原因', en: 'Give a reason for returning the list' },
  'supplies.import_invalid': {
    zh: '导入失败，共 {count} 处错误，未导入任何数据。第一处：第 {row} 行「{column}」{reason}',
    en: 'Import refused: {count} errors, nothing was imported. First: row {row}, "{column}" {reason}',
  },
  'supplies.import_bad_file': {
    zh: '无法读取该文件，请使用导入模板（.xlsx）',
    en: 'This file cannot be read: use the import template (.xlsx)',
  },
  'supplies.import_no_header': {
    zh: '找不到表头（物料名称、数量、单位），请使用导入模板',
    en: 'No header row found (name, quantity, unit): use the import template',
  },
  'supplies.import_empty': { zh: '文件中没有物料数据', en: 'The file holds no material rows' },
  'supplies.import_too_many': {
    zh: '单次最多导入 {max} 行',
    en: 'At most {max} rows can be imported at once',
  },
  'boxes.size_positive': { zh: '须为大于 0 的整数毫米', en: 'must be a whole number of mm above 0' },
  'boxes.sscc_invalid': {
    zh: '须为 18 位数字且校验位正确（GS1 SSCC）',
    en: 'must be 18 digits with a valid check digit (GS1 SSCC)',
  },
  'boxes.net_over_gross': { zh: '净重不能大于毛重', en: 'The net weight cannot exceed the gross weight' },
  'boxes.list_not_confirmed': {
    zh: '只能装箱已确认物料清单中本公司的物料',
    en: 'Only rows of your own confirmed material list can be packed',
  },
  'boxes.over_quantity': {
    zh: '物料「{name}」装箱数量超出：剩余 {left}，本次 {quantity}',
    en: 'Too much of "{name}" packed: {left} left, {quantity} asked',
  },
  'boxes.locked': {
    zh: '箱件已提交给货主，不能修改或删除',
    en: 'The box has been submitted to the shipper: it cannot be changed or deleted',
  },
  'boxes.no_contents': {
    zh: '箱件 {boxNumber} 为空箱，不能提交',
    en: 'Box {boxNumber} is empty and cannot be submitted',
  },
  'boxes.nothing_to_submit': {
    zh: '该批次没有待提交的箱件',
    en: 'There are no boxes to submit on this batch',
  },
  'boxes.number_taken': {
    zh: '箱号 {boxNumber} 在本批次已存在',
    en: 'Box number {boxNumber} already exists on this batch',
  },
  'boxes.reason_required': { zh: '请填写退回原因', en: 'Give a reason for returning the packing list' },
  'boxes.row_other_batch': {
    zh: '物料与箱件不属于同一批次',
    en: 'The material row and the box belong to different batches',
  },
  'boxes.not_loaded': {
    zh: '还有 {count} 件箱件未装车，不能发运',
    en: '{count} boxes are not loaded yet: the batch cannot ship',
  },
  'boxes.token_unknown': { zh: '找不到该箱件或无权查看', en: 'No such box, or not yours to see' },
  'boxes.import_invalid': {
    zh: '导入失败，共 {count} 处错误，未导入任何数据。第一处：第 {row} 行「{column}」{reason}',
    en: 'Import refused: {count} errors, nothing was imported. First: row {row}, "{column}" {reason}',
  },
  'boxes.import_no_header': {
    zh: '找不到表头（箱号、装箱数量），请使用装箱单导入模板',
    en: 'No header row found (box number, quantity packed): use the packing-list template',
  },
  'boxes.import_empty': { zh: '文件中没有装箱数据', en: 'The file holds no packing rows' },
  'boxes.import_unknown_material': {
    zh: '在已确认的物料清单中找不到该物料',
    en: 'is not a row of your confirmed material list',
  },
  'boxes.import_box_fields': {
    zh: '新箱号须填写包装类型、长宽高和毛重',
    en: 'a new box needs package type, size and gross weight',
  },
  'notice.packing_submitted': {
    zh: '{supplier} 提交了批次 {batch} 的装箱单（{count} 箱）',
    en: '{supplier} submitted the packing list of batch {batch} ({count} boxes)',
  },
  'notice.packing_returned': {
    zh: '批次 {batch} 的装箱单被退回：{reason}',
    en: 'The packing list of batch {batch} was returned: {reason}',
  },
  'import.required': { zh: '不能为空', en: 'is required' },
  'import.number': { zh: '须为数字', en: 'must be a number' },
  'import.positive': { zh: '须大于 0', en: 'must be greater than 0' },
  'import.too_long': { zh: '过长（最多 {max} 个字符）', en: 'is too long (at most {max} characters)' },
  'import.sheet_too_large': {
    zh: '表格内容过多，无法读取，请拆分后分批导入',
    en: 'The sheet holds too much to read: split it and import it in parts',
  },
  'import.task_unknown': { zh: '找不到该导入任务', en: 'No such import task' },
  'task.interrupted': { zh: '因服务重启而中断', en: 'Interrupted by a restart' },
  'import.busy': {
    zh: '您的企业已有 {waiting} 个导入在排队，请等其中一个完成后再试',
    en: 'Your company already has {waiting} imports waiting; try again when one of them has finished',
  },
  'import.busy_node': {
    zh: '导入繁忙，各企业共有 {waiting} 个导入在排队，请稍后重试',
    en: 'Imports are busy with {waiting} imports of several companies waiting; try again shortly',
  },
  'import.interrupted': {
    zh: '导入因服务重启而中断，未保存任何数据',
    en: 'The import was interrupted by a restart of the service; nothing was saved',
  },
  'hs.not_found': { zh: 'HS 编码 {code} 不存在', en: 'HS code {code} does not exist' },
  'hs.query_required': { zh: '请输入编码或关键词', en: 'Give a code or some words' },
  'notice.partner_invited': {
    zh: '{shipper} 邀请贵司成为合作伙伴',
    en: '{shipper} invites your company to become a partner',
  },
  'notice.partner_accepted': { zh: '{partner} 已接受合作邀请', en: '{partner} has accepted your invitation' },
  'notice.partner_declined': { zh: '{partner} 已拒绝合作邀请', en: '{partner} has declined your invitation' },
  'notice.batch_joined': {
    zh: '贵司已被加入项目「{project}」的批次 {batch}',
    en: 'Your company has joined batch {batch} of project "{project}"',
  },
  'notice.list_submitted': {
    zh: '{supplier} 提交了批次 {batch} 的物料清单，请确认',
    en: '{supplier} submitted the material list of batch {batch}: please confirm it',
  },
  'notice.list_confirmed': {
    zh: '批次 {batch} 的物料清单已被货主确认',
    en: 'The shipper confirmed the material list of batch {batch}',
  },
  'notice.list_returned': {
    zh: '批次 {batch} 的物料清单被退回：{reason}',
    en: 'The material list of batch {batch} was returned: {reason}',
  },
  'notice.bp_status': {
    zh: '批次 {batch}：{partner} 的进度已更新',
    en: 'Batch {batch}: progress of {partner} was updated',
  },
  'notice.cert_to_review': {
    zh: '企业认证待审核：{company}',
    en: 'Certification to review: {company}',
  },
  'notice.cert_approved': { zh: '企业认证已通过', en: 'Your company is certified' },
  'notice.cert_approved_body': {
    zh: '{company} 的企业认证已通过审核。',
    en: '{company} has been certified.',
  },
  'notice.cert_rejected': { zh: '企业认证未通过', en: 'Certification rejected' },
  'notice.cert_rejected_body': { zh: '原因：{reason}', en: 'Reason: {reason}' },
  'notice.trial_extended': {
    zh: '试用期已延长至 {date}',
    en: 'Your trial now runs until {date}',
  },
  'notice.tenant_stopped': { zh: '企业账号已停用', en: 'Your company account was stopped' },
  'notice.tenant_activated': { zh: '企业账号已启用', en: 'Your company account is active again' },
  'notice.feedback_handled': { zh: '您的意见反馈已处理', en: 'Your feedback was handled' },
  'notice.feedback_reply': { zh: '回复：{reply}', en: 'Reply: {reply}' },
  'notice.direct_message': { zh: '{from}（{company}）给您发来消息', en: 'Message from {from} ({company})' },
  'notice.direct_message_body': { zh: '{content}', en: '{content}' },
  'workflow.follows_material_list': {
    zh: '供应商的进度随其物料清单变化，不能手动修改',
    en: 'A supplier’s progress follows its material list and cannot be moved by hand',
  },
  'partner.not_inviter': {
    zh: '只有发出邀请的货主可以删除该邀请',
    en: 'Only the shipper who sent the invitation can delete it',
  },
  'customs.bad_amount': {
    zh: '金额或数量格式不正确（非负数，小数位不超过规定）',
    en: 'Not a valid amount (a non-negative number with no more decimals than allowed)',
  },
  'customs.rate_month': { zh: '汇率月份格式须为 yyyy-MM', en: 'The rate month must be yyyy-MM' },
  'customs.entry_number': { zh: '报关单号须为 18 位数字', en: 'The customs entry number has 18 digits' },
  'customs.reason_required': { zh: '请填写退回原因', en: 'Give a reason for returning the declaration' },
  'customs.exists': {
    zh: '该批次已有{direction}报关单',
    en: 'This batch already has an {direction} declaration',
  },
  'customs.not_broker': {
    zh: '只有本批次的物流商（报关行）可以编制报关单',
    en: 'Only the batch’s logistics provider (customs broker) prepares its declaration',
  },
  'customs.read_only': {
    zh: '报关单{status}，不能修改',
    en: 'The declaration is {status}: it cannot be changed',
  },
  'customs.no_confirmed_lists': {
    zh: '该批次没有已确认的物料清单，不能生成报关明细',
    en: 'The batch has no confirmed material list to declare from',
  },
  'customs.over_confirmed': {
    zh: '第 {lineNo} 项申报数量 {quantity} 超过已确认数量 {confirmed}',
    en: 'Line {lineNo}: the declared quantity {quantity} exceeds the confirmed quantity {confirmed}',
  },
  'customs.hs_unknown': {
    zh: '第 {lineNo} 项的 HS 编码未知或为空',
    en: 'Line {lineNo} has no known HS code',
  },
  'customs.price_missing': {
    zh: '第 {lineNo} 项的单价须大于 0',
    en: 'Line {lineNo} needs a price above 0',
  },
  'customs.elements_missing': {
    zh: '第 {lineNo} 项申报要素未填写：{names}',
    en: 'Line {lineNo} lacks declaration elements: {names}',
  },
  'customs.no_lines': { zh: '报关单没有明细', en: 'The declaration has no lines' },
  'customs.not_divided': {
    zh: '第 {lineNo} 项尚未分票',
    en: 'Line {lineNo} is not in a declaration ticket yet',
  },
  'customs.ticket_full': {
    zh: '一张报关单最多 50 项商品',
    en: 'A declaration ticket holds at most 50 lines',
  },
  'customs.ticket_mixed': {
    zh: '同一张报关单不能有两种监管方式或两个合同',
    en: 'A ticket cannot hold two trade modes or two contracts',
  },
  'customs.line_elsewhere': {
    zh: '明细不属于该报关单',
    en: 'A line does not belong to this declaration',
  },
  'customs.no_rate': {
    zh: '缺少 {month} 月 {currency} 对 {base} 的汇率',
    en: 'No {currency} to {base} exchange rate for {month}',
  },
  'customs.not_all_declared': {
    zh: '还有报关单票未申报，不能归档',
    en: 'Some tickets are not declared yet: the declaration cannot be archived',
  },
  'customs.not_approved': {
    zh: '报关单审核通过后才能申报',
    en: 'The declaration must be approved before a ticket is declared',
  },
  'customs.amount_required': {
    zh: '请填写税款金额和币制',
    en: 'Give the duties amount and currency',
  },
  'customs.code_shape': {
    zh: '海关代码格式不正确（关区与监管方式 4 位数字，运输方式 1 位，包装种类 2 位数字）',
    en: 'Not a valid customs code (office and trade mode 4 digits, transport mode 1 character, package type 2 digits)',
  },
  'customs.code_unknown': {
    zh: '{field}「{code}」不在海关{table}表中',
    en: '{field} “{code}” is not in the customs {table} table',
  },
  'customs.code_import_bad': {
    zh: '海关代码文件第 {row} 行无效：{reason}',
    en: 'Customs code file, row {row} is invalid: {reason}',
  },
  'customs.move_full': {
    zh: '第 {ticketNo} 票已有 {lines} 项，再移入 {moving} 项将超过 50 项',
    en: 'Ticket {ticketNo} holds {lines} lines: moving {moving} more would take it over 50',
  },
  'customs.move_mixed': {
    zh: '第 {lineNo} 项（监管方式 {mode}，合同 {contract}）不能放入第 {ticketNo} 票（监管方式 {ticketMode}，合同 {ticketContract}）：同一票不能有两种监管方式或两个合同',
    en: 'Line {lineNo} (trade mode {mode}, contract {contract}) cannot go into ticket {ticketNo} (trade mode {ticketMode}, contract {ticketContract}): a ticket never holds two trade modes or two contracts',
  },
  'customs.rate_import_bad': {
    zh: '汇率文件第 {row} 行无效：{reason}',
    en: 'Exchange-rate file, row {row} is invalid: {reason}',
  },
  'notice.declare_submitted': {
    zh: '批次 {batch} 的报关单已提交审核',
    en: 'The declaration of batch {batch} was submitted for review',
  },
  'notice.declare_returned': {
    zh: '批次 {batch} 的报关单被退回初审：{reason}',
    en: 'The declaration of batch {batch} was returned for preliminary review: {reason}',
  },
  'notice.declare_approved': {
    zh: '批次 {batch} 的报关单已审核通过',
    en: 'The declaration of batch {batch} was approved',
  },
  'dm.not_partner': {
    zh: '只能给合作伙伴企业的用户发消息',
    en: 'Messages can only go to users of partner companies',
  },
  'validation.decimal_2': {
    zh: '须为最多两位小数的非负数',
    en: 'must be a non-negative number with at most 2 decimals',
  },
  'validation.decimal_3': {
    zh: '须为最多三位小数的非负数',
    en: 'must be a non-negative number with at most 3 decimals',
  },
  'validation.decimal_4': {
    zh: '须为最多四位小数的非负数',
    en: 'must be a non-negative number with at most 4 decimals',
  },
  'validation.tax_rate': { zh: '税率须在 0 到 100 之间', en: 'must be a tax rate between 0 and 100' },
  'papers.not_party': {
    zh: '您不是该批次的参与方',
    en: 'Your company takes no part in this batch',
  },
  'papers.logistics_only': {
    zh: '只有该批次的物流服务商可以提交对账单',
    en: 'Only a logistics provider of the batch can draw up a statement of charges',
  },
  'papers.read_only': {
    zh: '已提交或已确认的单据不能修改或删除',
    en: 'A submitted or confirmed paper can no longer be changed or deleted',
  },
  'papers.no_files': { zh: '请先上传单据文件', en: "Upload the document's files first" },
  'papers.no_lines': { zh: '对账单没有费用明细', en: 'The statement has no charge lines' },
  'papers.reason_required': { zh: '请填写驳回原因', en: 'Give a reason for rejecting the statement' },
  'papers.file_not_in_document': {
    zh: '该文件不属于此单据',
    en: 'This file does not belong to the document',
  },
  'notice.document_submitted': {
    zh: '批次 {batch} 的单据「{name}」已提交，请确认',
    en: 'Document "{name}" of batch {batch} was submitted for your confirmation',
  },
  'notice.document_confirmed': {
    zh: '批次 {batch} 的单据「{name}」已确认',
    en: 'Document "{name}" of batch {batch} was confirmed',
  },
  'notice.reconciliation_submitted': {
    zh: '批次 {batch} 的对账单 {no} 已提交，请确认',
    en: 'Statement {no} of batch {batch} was submitted for your confirmation',
  },
  'notice.reconciliation_confirmed': {
    zh: '批次 {batch} 的对账单 {no} 已确认',
    en: 'Statement {no} of batch {batch} was confirmed',
  },
  'notice.reconciliation_rejected': {
    zh: '批次 {batch} 的对账单 {no} 被驳回：{reason}',
    en: 'Statement {no} of batch {batch} was rejected: {reason}',
  },
  'logistics.reason_required': { zh: '请填写原因', en: 'Give a reason' },
  'logistics.not_delivered': {
    zh: '还有 {count} 件箱件未送达，不能签收',
    en: '{count} boxes are not delivered yet: the batch cannot be signed',
  },
  'logistics.box_not_submitted': {
    zh: '箱件 {boxNumber} 的装箱单尚未提交给货主，不能装车',
    en: 'Box {boxNumber} is not on a submitted packing list: it cannot be loaded',
  },
  'logistics.other_batch': {
    zh: '箱件 {boxNumber} 不属于该车辆或集装箱所在的批次',
    en: 'Box {boxNumber} is not on the batch of that vehicle or container',
  },
  'logistics.nothing_to_ship': {
    zh: '该批次没有可发运的箱件',
    en: 'There are no boxes to ship on this batch',
  },
  'logistics.nothing_to_sign': {
    zh: '该批次没有可签收的箱件',
    en: 'There are no boxes to sign on this batch',
  },
  'logistics.group_empty': {
    zh: '该车辆或集装箱上没有可撤销的箱件',
    en: 'There are no boxes on that vehicle or container to take back',
  },
  'logistics.seal_missing': {
    zh: '集装箱 {containers} 尚未施封：装船前须填写每个集装箱的封号',
    en: 'Container {containers} has no seal: give each container its seal number before it goes on board',
  },
  'logistics.in_use': {
    zh: '车辆或集装箱上还有箱件，不能删除',
    en: 'Boxes are still on that vehicle or container: it cannot be deleted',
  },
  'logistics.too_many_photos': { zh: '最多上传 9 张照片', en: 'At most 9 photos' },
  'logistics.photo_not_image': {
    zh: '照片须为 JPEG、PNG、GIF 或 WebP 图片',
    en: 'A photo must be a JPEG, PNG, GIF or WebP picture',
  },
  'logistics.abnormal_box_state': {
    zh: '箱件 {boxNumber} 尚未发运，请在装箱单中修改',
    en: 'Box {boxNumber} has not left the supplier yet: correct the packing list instead',
  },
  'logistics.not_break_bulk': {
    zh: '箱件 {boxNumber} 未装入集装箱：只有超限件可按散货装船',
    en: 'Box {boxNumber} is in no container: only out-of-gauge cargo goes on board as break bulk',
  },
  'jobs.cron_invalid': {
    zh: 'Cron 表达式无效（分 时 日 月 周，例如 0 * * * *）',
    en: 'Invalid cron expression (minute hour day month weekday, e.g. 0 * * * *)',
  },
  'mail.not_configured': {
    zh: '尚未配置发信服务器：请先保存 SMTP 设置',
    en: 'No mail server is set up: save the SMTP settings first',
  },
  'mail.failed': { zh: '发送失败：{reason}', en: 'The mail was not sent: {reason}' },
  'mail.password_required': {
    zh: '更换发信服务器（主机或端口）后，须重新填写密码',
    en: 'A new mail server (host or port) needs its password again',
  },
  'codegen.bad_identifier': {
    zh: '只支持小写字母、数字和下划线组成的表名和列名',
    en: 'Only table and column names of lower-case letters, digits and underscores are supported',
  },
  'codegen.bad_family': {
    zh: '资源名须以小写字母开头，只含字母和数字（2 到 40 位）',
    en: 'A family name starts with a lower-case letter and holds 2 to 40 letters and digits',
  },
  'codegen.bad_pattern': { zh: '不是有效的正则表达式', en: 'Not a valid regular expression' },
  'codegen.table_unknown': { zh: '数据库中没有表 {table}', en: 'The database has no table {table}' },
  'codegen.no_id': {
    zh: '表 {table} 没有 id 主键列，无法生成资源',
    en: 'Table {table} has no id column: no family can be generated for it',
  },
  'codegen.column_unknown': {
    zh: '表中没有列 {column}，或漏配了列 {column}',
    en: 'Column {column} is not in the table, or missing from the settings',
  },
  'codegen.column_unsupported': {
    zh: '列 {column} 的类型 {type} 不受支持，且为必填无默认值',
    en: 'Column {column} has an unsupported type ({type}) and is required with no default',
  },
  'codegen.family_taken': {
    zh: '资源名 {family} 已被其他表使用',
    en: 'The family name {family} is already used for another table',
  },
  'codegen.query_type': {
    zh: '列 {column} 不支持查询方式 {query}',
    en: 'Column {column} cannot be searched with {query}',
  },
  'codegen.form_type': {
    zh: '列 {column} 不支持表单类型 {form}',
    en: 'Column {column} cannot use the form control {form}',
  },
  'codegen.dict_required': {
    zh: '列 {column} 为下拉或单选，须指定字典',
    en: 'Column {column} is a select or radio: name its dictionary',
  },
  'codegen.required_in_form': {
    zh: '列 {column} 必填且无默认值，须在表单中显示',
    en: 'Column {column} is required with no default: it must be on the form',
  },
  'jobs.result_swept': { zh: '已清理过期数据', en: 'Expired data removed' },
  'jobs.result_flushed': { zh: '已重试待投递的通知', en: 'Undelivered notifications retried' },
  'jobs.result_reminded': { zh: '已提醒 {count} 家企业', en: '{count} companies reminded' },
  'jobs.mail_subject': { zh: '定时任务失败：{name}', en: 'Scheduled job failed: {name}' },
  'jobs.mail_body': {
    zh: '任务「{name}」（{handler}）于 {time} 运行失败，耗时 {ms} 毫秒。\n错误：{error}',
    en: 'Job "{name}" ({handler}) failed at {time} after {ms} ms.\nError: {error}',
  },
  'notice.trial_ending': {
    zh: '您的试用还剩 {days} 天，请尽快完成企业认证',
    en: 'Your trial ends in {days} days: complete the company certification to keep working',
  },
  'container.number_format': {
    zh: '集装箱号应为 4 个字母加 7 位数字，如 CSQU3054383',
    en: 'A container number is 4 letters and 7 digits, like CSQU3054383',
  },
  'container.check_digit': {
    zh: '集装箱号校验位错误，应为 {expected}',
    en: 'Wrong check digit in the container number: it should be {expected}',
  },
  'container.number_taken': {
    zh: '集装箱 {containerNumber} 已在本批次登记',
    en: 'Container {containerNumber} is already on this batch',
  },
  'container.type_unknown': { zh: '未知的集装箱类型 {typeCode}', en: 'Unknown container type {typeCode}' },
  'container.over_payload': {
    zh: '超出集装箱 {containerNumber} 的载重：{weight} kg，最多 {payload} kg',
    en: 'Over the payload of container {containerNumber}: {weight} kg, at most {payload} kg',
  },
  'container.over_volume': {
    zh: '超出集装箱 {containerNumber} 的容积：{volume} m³，最多 {capacity} m³',
    en: 'Over the capacity of container {containerNumber}: {volume} m³, at most {capacity} m³',
  },
  'container.box_too_big': {
    zh: '箱件 {boxNumber} 的尺寸放不进集装箱 {containerNumber}',
    en: 'Box {boxNumber} does not fit inside container {containerNumber}',
  },
  'container.plan_off_centre': {
    zh: '集装箱 {containerNumber} 的重心偏离中心过多（长向 {dx}%，宽向 {dy}%，上限 {limit}%）',
    en: 'The centre of gravity of container {containerNumber} is too far off the middle ({dx}% lengthwise, {dy}% crosswise, limit {limit}%)',
  },
  'container.plan_incomplete': {
    zh: '有 {count} 件箱件无法装入所选箱型',
    en: '{count} boxes fit in none of the chosen container types',
  },
  'container.nothing_to_plan': {
    zh: '该批次没有待装集装箱的箱件（须为国内在途）',
    en: 'No boxes of this batch wait for a container (they must be in domestic transit)',
  },
  'notice.boxes_moved': {
    zh: '{company} 将批次 {batch} 的 {count} 件箱件标记为「{statusZh}」',
    en: '{company} marked {count} boxes of batch {batch} as "{statusEn}"',
  },
  'notice.boxes_undone': {
    zh: '{company} 撤回了批次 {batch} 的 {count} 件箱件至「{statusZh}」：{reason}',
    en: '{company} took {count} boxes of batch {batch} back to "{statusEn}": {reason}',
  },
  'notice.back_supplier': {
    zh: '批次 {batch} 的 {count} 件箱件被退回供应商：{reason}',
    en: '{count} boxes of batch {batch} were sent back to the supplier: {reason}',
  },
  'notice.batch_signed': {
    zh: '批次 {batch} 已签收（{count} 件箱件）',
    en: 'Batch {batch} was signed for ({count} boxes)',
  },
  'notice.abnormal_raised': {
    zh: '批次 {batch} 箱件 {boxNumber} 登记异常：{typeZh}',
    en: 'An abnormality was raised on box {boxNumber} of batch {batch}: {typeEn}',
  },
  'notice.abnormal_resolved': {
    zh: '批次 {batch} 箱件 {boxNumber} 的异常已处理',
    en: 'The abnormality on box {boxNumber} of batch {batch} was resolved',
  },
  'dm.not_sender': { zh: '只能修改自己发出的消息', en: 'Only the sender can edit a message' },
  'dm.already_read': {
    zh: '对方已读，消息不能再修改',
    en: 'The message has been read and can no longer be edited',
  },
} as const satisfies Record<string, Localized>;

export type MessageCode = keyof typeof messages;

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(messages, code);
}

/** Render a catalogue message in a language, filling `{name}` placeholders. */
/** A parameter given in both languages (e.g. field names), shown in the reader's. */
const inLang = (value: unknown, lang: Lang) =>
  value !== null && typeof value === 'object' && 'zh' in value && 'en' in value
    ? String((value as Record<Lang, unknown>)[lang])
    : String(value);

export function translate(code: MessageCode, lang: Lang, params: Record<string, unknown> = {}): string {
  const template = messages[code][lang];
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    params[name] === undefined ? `{${name}}` : inLang(params[name], lang),
  );
}

export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  return /^\s*en/i.test(acceptLanguage) ? 'en' : 'zh';
}
