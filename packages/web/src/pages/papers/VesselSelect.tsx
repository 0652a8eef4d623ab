// A vessel from the register, searched by name, IMO or MMSI (GET /api/deliveryEntrust/queryshipname).
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entrustApi, type VesselRow } from './entrust-api.ts';

export interface VesselSelectProps {
  value?: number | null;
  onChange?: (v: number | null, vessel?: VesselRow) => void;
  id?: string;
  /** Name of the current value, shown before any search. */
  currentName?: string | null;
  disabled?: boolean;
}

export const vesselLabel = (v: Pick<VesselRow, 'name' | 'imo' | 'flag'>) =>
  `${v.name} · IMO ${v.imo} · ${v.flag}`;

export function VesselSelect(props: VesselSelectProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const ships = useQuery({
    queryKey: ['ref', 'vessels', q],
    queryFn: () => entrustApi.ships(q),
    staleTime: 60_000,
  });
  const found = ships.data?.content ?? [];
  const options = found.map((v) => ({ value: v.id, label: vesselLabel(v) }));
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.currentName ?? `#${props.value}` });
  return (
    <Select
      id={props.id}
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      disabled={props.disabled}
      value={props.value ?? undefined}
      onChange={(v: number | undefined) =>
        props.onChange?.(
          v ?? null,
          found.find((f) => f.id === v),
        )
      }
      options={options}
      loading={ships.isFetching}
      placeholder={t('entrust.vesselSearch')}
      notFoundContent={t('common.noData')}
      aria-label={t('entrust.vessel')}
    />
  );
}

/** The same register, for papers that keep the vessel's name (the bill of lading prints the name). */
export function VesselNameSelect(props: {
  value?: string | null;
  onChange?: (name: string | null) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const ships = useQuery({
    queryKey: ['ref', 'vessels', q],
    queryFn: () => entrustApi.ships(q),
    staleTime: 60_000,
  });
  const options = (ships.data?.content ?? []).map((v) => ({ value: v.name, label: vesselLabel(v) }));
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.value });
  return (
    <Select
      id={props.id}
      data-testid="vessel-name-select"
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      disabled={props.disabled}
      value={props.value ?? undefined}
      onChange={(v: string | undefined) => props.onChange?.(v ?? null)}
      options={options}
      loading={ships.isFetching}
      placeholder={t('entrust.vesselSearch')}
      notFoundContent={t('common.noData')}
      aria-label={t('entrust.vessel')}
    />
  );
}
