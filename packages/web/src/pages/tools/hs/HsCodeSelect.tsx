// HS code search-select (by code prefix or words) for a material row, with the earlier classification of
// the same material code or name offered as a suggestion.
import { useQuery } from '@tanstack/react-query';
import { hsOps } from '@tradelane/contract/api/hs';
import { Button, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { pick } from '../../../i18n/index.ts';
import { hsApi } from '../../project/project-api.ts';
import { formatHs, parseHsQuery } from './hs-query.ts';

export interface HsCodeSelectProps {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}

export function HsCodeSelect(props: HsCodeSelectProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [text, setText] = useState('');
  const query = parseHsQuery(text);
  const form = Form.useFormInstance();
  const materialCode = Form.useWatch('materialCode', form) as string | undefined;
  const name = Form.useWatch('name', form) as string | undefined;
  const search = useQuery({
    queryKey: ['hs', 'select', query],
    queryFn: () =>
      query.kind === 'code'
        ? hsApi.byCode(query.code, 0, 30)
        : hsApi.byName(query.kind === 'name' ? query.name : '', 0, 30),
    enabled:
      query.kind !== 'empty' && (query.kind === 'name' ? query.name.length >= 2 : query.code.length >= 2),
    staleTime: 60_000,
  });
  const suggestion = useQuery({
    queryKey: ['hs', 'suggest', materialCode ?? '', name ?? ''],
    queryFn: () => call(hsOps.suggest, { materialCode, name }, { silent: true }),
    enabled: Boolean(materialCode || name) && !props.value,
    staleTime: 60_000,
  });
  const options = (search.data?.content ?? [])
    .filter((h) => h.level >= 6)
    .map((h) => ({
      value: h.code,
      label: `${formatHs(h.code)} · ${pick(lang, h.zhDescription, h.description)}`,
    }));
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: formatHs(props.value) });
  const suggested = suggestion.data?.hsCode;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={2}>
      <Select
        id={props.id}
        allowClear
        showSearch={{ filterOption: false, onSearch: setText }}
        value={props.value ?? undefined}
        onChange={(v: string | undefined) => props.onChange?.(v ?? null)}
        options={options}
        loading={search.isFetching}
        placeholder={t('project.hs.searchPlaceholder')}
        notFoundContent={query.kind === 'empty' ? t('project.hs.typeToSearch') : t('common.noData')}
      />
      {suggested && !props.value && (
        <Typography.Text type="secondary" className="pw-sub">
          {t('project.hs.suggested', { code: formatHs(suggested) })}{' '}
          <Button size="small" type="link" onClick={() => props.onChange?.(suggested)}>
            {t('project.hs.apply')}
          </Button>
        </Typography.Text>
      )}
    </Space>
  );
}
