// UN/LOCODE search select against GET /api/reference/ports (old carrier codes such as CNSHA find their port).
import { useQuery } from '@tanstack/react-query';
import { referenceOps } from '@tradelane/contract/api/account';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';

export interface PortSelectProps {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  /** Name of the current value, shown before any search. */
  currentName?: string | null;
}

export function PortSelect(props: PortSelectProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const ports = useQuery({
    queryKey: ['ref', 'ports', q],
    queryFn: () => call(referenceOps.ports, { q, size: 20 }, { silent: true }),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
  });
  const options = (ports.data?.content ?? []).map((p) => ({
    value: p.locode,
    label: `${p.locode} · ${p.name}${p.subdivision ? `, ${p.subdivision}` : ''} (${p.country})${
      p.aliases?.length ? ` · ${p.aliases.join('/')}` : ''
    }`,
  }));
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({
      value: props.value,
      label: props.currentName ? `${props.value} · ${props.currentName}` : props.value,
    });
  return (
    <Select
      id={props.id}
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      value={props.value ?? undefined}
      onChange={(v: string | undefined) => props.onChange?.(v ?? null)}
      options={options}
      loading={ports.isFetching}
      placeholder={t('project.batch.portSearch')}
      notFoundContent={q.trim().length >= 2 ? t('common.noData') : t('project.batch.portHint')}
    />
  );
}
