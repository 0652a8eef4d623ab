// The server's error and notice messages in both languages, keyed by a stable code.
// The web reads the same catalogue, so a code means one thing everywhere.
export type Lang = 'zh' | 'en';
export type Localized = { zh: string; en: string };

export const messages = {
  'auth.unauthorized': {
    zh: '登录状态已过期，请重新登录',
    en: 'Your session has expired, please log in again',
  },
  'auth.bad_credentials': { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  'auth.captcha_invalid': { zh: '验证码错误', en: 'Wrong verification code' },
  'auth.captcha_expired': { zh: '验证码不存在或已过期', en: 'The verification code has expired' },
  'auth.locked': {
    zh: '密码错误次数过多，账号已锁定 {minutes} 分钟',
    en: 'Too many failed logins: the account is locked for {minutes} minutes',
  },
  'auth.disabled': { zh: '账号已停用', en: 'This account is disabled' },
  'auth.tenant_stopped': { zh: '所属企业已停用', en: 'Your company account has been stopped' },
  'auth.trial_expired': {
    zh: '试用期已结束，请完成企业认证',
    en: 'Your trial has ended: please certify your company',
  },
  'auth.reset_code_invalid': { zh: '验证码错误或已过期', en: 'The reset code is wrong or has expired' },
  'auth.reset_target_required': { zh: '请填写手机号或邮箱', en: 'Give a mobile number or an e-mail address' },
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
  'resource.bad_filter': { zh: '不支持的查询条件：{field}', en: 'Unknown filter: {field}' },
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
  'tenant.cert_files_required': {
    zh: '请上传企业营业执照和授权书',
    en: 'Please upload the business licence and the authorization letter',
  },
  'file.too_large': { zh: '文件大小不能超过 {max}', en: 'The file must not exceed {max}' },
  'file.bad_type': { zh: '不支持的文件类型：{type}', en: 'This file type is not accepted: {type}' },
  'file.missing': { zh: '请选择文件', en: 'Choose a file' },
  'menu.self_parent': { zh: '上级不能为自己或下级', en: 'A menu cannot be its own parent or descendant' },
  'menu.has_children': { zh: '请先删除下级菜单', en: 'Delete the sub-menus first' },
  'dept.has_children': { zh: '请先删除下级部门', en: 'Delete the sub-departments first' },
  'user.self_delete': { zh: '不能删除自己', en: 'You cannot delete yourself' },
  'user.self_disable': { zh: '不能停用自己', en: 'You cannot disable yourself' },
  internal: { zh: '服务器内部错误，请联系平台客服', en: 'Server error, contact platform customer service' },
  'message.no_session': { zh: '找不到当前登录的信息', en: 'No current login found' },
  ok: { zh: '操作成功', en: 'Done' },
} as const satisfies Record<string, Localized>;

export type MessageCode = keyof typeof messages;

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(messages, code);
}

/** Render a catalogue message in a language, filling `{name}` placeholders. */
export function translate(code: MessageCode, lang: Lang, params: Record<string, unknown> = {}): string {
  const template = messages[code][lang];
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    params[name] === undefined ? `{${name}}` : String(params[name]),
  );
}

export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  return /^\s*en/i.test(acceptLanguage) ? 'en' : 'zh';
}
