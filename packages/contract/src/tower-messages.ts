// Messages of the control tower: plans, projections, exceptions, webhooks and API tokens.
import type { Localized } from './messages.ts';

export const towerMessages = {
  'plan.order': {
    zh: '计划日期顺序错误：「{milestone}」不能早于「{previous}」',
    en: 'Planned dates out of order: "{milestone}" cannot be before "{previous}"',
  },
  'plan.no_planned_dates': {
    zh: '尚无计划日期，不能保存基线',
    en: 'There are no planned dates yet: nothing to save as a baseline',
  },
  'plan.no_lane_default': {
    zh: '航线 {lane} 没有默认工期，请先在「航线默认工期」中设置',
    en: 'Lane {lane} has no default leg durations: set them under "Lane defaults" first',
  },
  'plan.no_lane': {
    zh: '批次未填写起运港和卸货港，无法按航线补全',
    en: 'The batch has no ports of loading and discharge: no lane to fill from',
  },
  'plan.no_start': {
    zh: '请至少填写一个计划日期，再按航线补全其后的日期',
    en: 'Give at least one planned date; the lane fills the dates after it',
  },
  'plan.import_bad_file': {
    zh: '无法读取该文件，请使用计划导入模板（.xlsx）',
    en: 'This file cannot be read: use the plan import template (.xlsx)',
  },
  'plan.import_no_header': {
    zh: '找不到表头：第一行须包含「批次号」列',
    en: 'No header row found: it must have a "Batch No." column',
  },
  'plan.import_empty': { zh: '表格中没有计划数据', en: 'The sheet holds no plan rows' },
  'plan.import_too_many': {
    zh: '一次最多导入 {max} 行',
    en: 'At most {max} rows can be imported at once',
  },
  'plan.import_invalid': {
    zh: '有 {count} 处错误，未导入任何数据。第 {row} 行「{column}」：{reason}',
    en: '{count} errors, nothing was imported. Row {row}, "{column}": {reason}',
  },
  'plan.import_unknown_batch': {
    zh: '项目中没有批次 {batch}',
    en: 'The project has no batch {batch}',
  },
  'plan.import_duplicate': { zh: '批次重复出现', en: 'appears more than once' },
  'plan.import_date': {
    zh: '须为日期（如 2026-07-31）',
    en: 'must be a date (like 2026-07-31)',
  },
  'plan.import_margin': { zh: '须为 0 到 180 的整数', en: 'must be a whole number from 0 to 180' },
  'exception.owner_not_party': {
    zh: '负责方须为该批次的货主或合作方',
    en: "The owner must be the batch's shipper or one of its partners",
  },
  'exception.resolution_required': { zh: '请填写处理结果', en: 'Write the resolution' },
  'exception.reason_required': { zh: '请填写重新打开的原因', en: 'Say why it is reopened' },
  'exception.title_late': {
    zh: '批次 {batch} 预计 {projected} 送达，晚于要求到场日期 {required}（延误 {days} 天）',
    en: 'Batch {batch} is projected to arrive on {projected}, after its required-on-site date {required} ({days} days late)',
  },
  'exception.title_atRisk': {
    zh: '批次 {batch} 预计 {projected} 送达，距要求到场日期 {required} 仅余 {days} 天',
    en: 'Batch {batch} is projected to arrive on {projected}, only {days} days before its required-on-site date {required}',
  },
  'exception.title_overdue': {
    zh: '批次 {batch} 的「{milestoneZh}」计划于 {planned}，至今未达成',
    en: 'Batch {batch}: "{milestoneEn}" was planned for {planned} and has not happened',
  },
  'exception.title_abnormal': {
    zh: '批次 {batch} 箱件 {boxNumber} 异常：{typeZh}',
    en: 'Batch {batch}, box {boxNumber}: {typeEn}',
  },
  'exception.title_blRejected': {
    zh: '批次 {batch} 的提单 {number} 被驳回：{reason}',
    en: 'Bill of lading {number} of batch {batch} was rejected: {reason}',
  },
  'exception.title_statementRejected': {
    zh: '批次 {batch} 的对账单 {number} 被驳回：{reason}',
    en: 'Statement {number} of batch {batch} was rejected: {reason}',
  },
  'exception.title_customsReturned': {
    zh: '批次 {batch} 的报关单被退回：{reason}',
    en: 'The customs declaration of batch {batch} was returned: {reason}',
  },
  'exception.closed_back_on_track': {
    zh: '批次已恢复正常，系统自动关闭',
    en: 'The batch is back on track: closed by the system',
  },
  'exception.closed_escalated': {
    zh: '批次已延误，转为延误异常',
    en: 'The batch is now late: superseded by a lateness exception',
  },
  'exception.closed_settled': {
    zh: '已在原单据处处理，系统自动关闭',
    en: 'Dealt with on the record itself: closed by the system',
  },
  'exception.closed_reached': {
    zh: '里程碑已达成，系统自动关闭',
    en: 'The milestone has been reached: closed by the system',
  },
  'notice.exception_opened': {
    zh: '新异常待您处理：{title}',
    en: 'A new exception waits for you: {title}',
  },
  'notice.exception_assigned': {
    zh: '异常已指派给您：{title}',
    en: 'An exception was assigned to you: {title}',
  },
  'notice.exception_reopened': {
    zh: '异常的处理结果未被接受，已重新打开：{title}',
    en: 'Your resolution was not accepted; the exception is open again: {title}',
  },
  'notice.exception_comment': {
    zh: '异常有新的留言：{title}',
    en: 'A new comment on an exception: {title}',
  },
  'exception.comment_closed': {
    zh: '异常已关闭，不能再留言',
    en: 'The exception is closed: it takes no more comments',
  },
  'notice.exception_resolved': {
    zh: '异常已解决：{title}',
    en: 'An exception was resolved: {title}',
  },
  'notice.exception_mail_body': {
    zh: '{title}\n\n负责方：{owner}\n截止日期：{due}\n\n在控制塔查看：{link}',
    en: '{title}\n\nOwner: {owner}\nDue: {due}\n\nOpen it in the control tower: {link}',
  },
  'webhook.url_invalid': {
    zh: '地址须为 http(s) 网址，且不能包含用户名或密码',
    en: 'The address must be an http(s) URL without a user name or password',
  },
  'webhook.secret_short': {
    zh: '签名密钥至少 16 个字符',
    en: 'The signing secret must be at least 16 characters',
  },
  'webhook.test_sent': {
    zh: '测试事件已排队投递，请在投递记录中查看结果',
    en: 'A test event is queued: see the delivery log for the answer',
  },
  'apiToken.expiry_past': { zh: '到期日期须晚于今天', en: 'The expiry date must be after today' },
  'apiToken.expiry_far': {
    zh: '到期日期最长为两年后',
    en: 'The expiry date can be at most two years ahead',
  },
  'apiToken.scope_missing': {
    zh: '该 API 令牌没有调用此接口的权限范围',
    en: 'This API token has no scope for this call',
  },
  'jobs.result_reprojected': {
    zh: '已重新推算 {count} 个批次，新开 {opened} 个异常',
    en: '{count} batches re-projected, {opened} exceptions opened',
  },
} as const satisfies Record<string, Localized>;
