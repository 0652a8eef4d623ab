// Messages of what leaves the system and comes back in (workbooks, the customs declaration file, HS
// codes typed or imported), spread into the catalogue in messages.ts: a code means one thing everywhere.
export const sheetsMessages = {
  'validation.time_zone': {
    zh: '须为 IANA 时区名称，如 Asia/Shanghai',
    en: 'must be an IANA time zone name such as Asia/Shanghai',
  },
} as const;
