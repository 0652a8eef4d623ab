// Messages of the payment tool, translation and weather, spread into the catalogue.
export const servicesMessages = {
  'payment.not_configured': {
    zh: '尚未配置支付参数：请先保存应用 ID、密钥与网关',
    en: 'No payment settings yet: save the app ID, keys and gateway first',
  },
  'payment.private_key_invalid': {
    zh: '应用私钥无法读取：须为 RSA 私钥（PKCS#8 或 PKCS#1，PEM 或 Base64），至少 2048 位',
    en: 'The app private key cannot be read: it must be an RSA private key (PKCS#8 or PKCS#1, PEM or Base64) of at least 2048 bits',
  },
  'payment.public_key_invalid': {
    zh: '支付平台公钥无法读取：须为 RSA 公钥（PEM 或 Base64），至少 2048 位',
    en: 'The platform public key cannot be read: it must be an RSA public key (PEM or Base64) of at least 2048 bits',
  },
  'payment.private_key_required': {
    zh: '请填写应用私钥',
    en: 'Give the app private key',
  },
  'payment.private_key_unreadable': {
    zh: '保存的应用私钥无法解密（CONFIG_KEY 已更换？）：请重新填写',
    en: 'The stored app private key cannot be decrypted (was CONFIG_KEY changed?): enter it again',
  },
  'payment.notice_mismatch': {
    zh: '支付通知与订单不符（应用或金额不同）',
    en: 'The payment notice does not match the order (another app or amount)',
  },
  'translate.unavailable': {
    zh: '无法翻译：词库中没有该词条，且翻译服务{why}',
    en: 'Cannot translate: the glossary has no entry for it and the translation service {why}',
  },
  'translate.why_not_configured': { zh: '未配置', en: 'is not set up' },
  'translate.why_down': { zh: '暂不可用（{reason}）', en: 'is unavailable ({reason})' },
  'outbound.unreachable': {
    zh: '服务无法访问，详情见服务器日志',
    en: 'the service could not be reached; the server log has the details',
  },
  'outbound.refused': {
    zh: '{field} 指向内部网络地址（本机、链路本地或私有网段），不允许访问',
    en: '{field} points at an internal network address (loopback, link-local or private): not allowed',
  },
  'services.key_required': {
    zh: '更换翻译服务地址后，须重新填写其密钥（或清除密钥）',
    en: 'A new translation service address needs its key again (or clear the key)',
  },
  'weather.unavailable': {
    zh: '天气预报暂不可用（{reason}）',
    en: 'The forecast is unavailable ({reason})',
  },
  'weather.disabled': { zh: '未配置天气服务', en: 'No weather service is set up' },
  'weather.no_location': {
    zh: '无法确定 {name} 的坐标',
    en: 'No coordinates are known for {name}',
  },
} as const;
