// Messages of the platform administrators' tools for releases and tenant archives.
export const platformMessages = {
  'deploy.bad_version': {
    zh: '版本号须形如 1.4.0 或 1.4.0-rc.1',
    en: 'A version looks like 1.4.0 or 1.4.0-rc.1',
  },
  'deploy.version_exists': { zh: '版本 {version} 已有发布包', en: 'Version {version} already has a package' },
  'deploy.checksum_mismatch': {
    zh: '上传文件的 SHA-256 与填写的不一致（实际为 {actual}）',
    en: 'The file’s SHA-256 is not the one given (it is {actual})',
  },
  'archive.unreadable': {
    zh: '无法读取该归档：须为本系统导出的 .tradelane.gz 文件',
    en: 'This archive cannot be read: it must be a .tradelane.gz file exported by this product',
  },
  'archive.too_large': {
    zh: '归档解压后超过 {maxMb} MB',
    en: 'The archive is larger than {maxMb} MB once unpacked',
  },
  'archive.schema_mismatch': {
    zh: '归档来自数据库版本 {archive}，本系统为 {here}：请在相同版本的系统之间迁移',
    en: 'The archive is from database version {archive}, this installation is at {here}: move between installations of the same version',
  },
  'archive.damaged': {
    zh: '归档内容与其校验和不符，可能已损坏或被修改',
    en: 'The archive does not match its checksum: it is damaged or was changed',
  },
  'archive.foreign_row': {
    zh: '归档中表 {table} 含有不属于该公司的数据，已拒绝',
    en: 'Table {table} of the archive holds rows of another company: refused',
  },
  'archive.unknown_table': {
    zh: '归档中的表或字段 {table} 不属于本系统',
    en: 'Table or column {table} of the archive is not this installation’s',
  },
  'archive.tenant_exists': {
    zh: '公司「{name}」已在本系统中，未恢复任何数据',
    en: 'Company “{name}” is already on this installation: nothing was restored',
  },
  'archive.ids_taken': {
    zh: '本系统的表 {table} 已有归档中的记录编号，未恢复任何数据',
    en: 'Table {table} here already holds ids of the archive: nothing was restored',
  },
  'archive.conflict': {
    zh: '归档中的数据与本系统已有数据冲突（{what}），未恢复任何数据',
    en: 'The archive conflicts with data here ({what}): nothing was restored',
  },
} as const;
