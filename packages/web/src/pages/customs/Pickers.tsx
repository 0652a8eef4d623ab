// Searchable pickers the declaration workbench fills its coded fields with: countries and currencies from
// the contract's reference data (ISO 3166 / ISO 4217, zh and en names, searched by code and by both
// names), and China customs' code tables from /api/customsCode/dict. Codes go on the wire; names show.
import { useQuery } from '@tanstack/react-query';
import { type CustomsCodeKind, countryRows, currencies } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Lang } from './types.ts';

type PickerProps = Omit<SelectProps<string>, 'options' | 'showSearch'>;

interface Choice {
  value: string;
  label: string;
  /** Code, zh and en name: what the search matches. */
  words: string;
}

const langOf = (language: string): Lang => (language === 'en' ? 'en' : 'zh');

function CodeSelect({ choices, ...props }: PickerProps & { choices: Choice[] }) {
  return (
    <Select<string>
      allowClear
      {...props}
      options={choices}
      showSearch={{
        filterOption: (input, option) =>
          (option as Choice | undefined)?.words.includes(input.trim().toLowerCase()) ?? false,
      }}
      popupMatchSelectWidth={false}
    />
  );
}

/** ISO 3166 countries: "CN · 中国" / "CN · China", found by code, Chinese or English name. */
export function CountryPicker(props: PickerProps) {
  const lang = langOf(useTranslation().i18n.language);
  const choices = useMemo(
    () =>
      countryRows.map(([code, en, zh]) => ({
        value: code,
        label: `${code} · ${lang === 'en' ? en : zh}`,
        words: `${code} ${en} ${zh}`.toLowerCase(),
      })),
    [lang],
  );
  return <CodeSelect choices={choices} {...props} />;
}

/** ISO 4217 currencies: "USD · 美元" / "USD · US Dollar". */
export function CurrencyPicker(props: PickerProps) {
  const lang = langOf(useTranslation().i18n.language);
  const choices = useMemo(
    () =>
      currencies.map((c) => ({
        value: c.code,
        label: `${c.code} · ${lang === 'en' ? c.en : c.zh}`,
        words: `${c.code} ${c.en} ${c.zh}`.toLowerCase(),
      })),
    [lang],
  );
  return <CodeSelect choices={choices} {...props} />;
}

export interface CustomsCodeRow {
  id: number;
  kind: CustomsCodeKind;
  code: string;
  nameZh: string;
  nameEn: string;
  sort: number;
}

/** One customs code table, in the administrator's order. */
export function useCustomsCodes(kind: CustomsCodeKind) {
  return useQuery({
    queryKey: ['resource', 'customsCode/dict', kind],
    queryFn: () =>
      call(families.customsCodeDict.list, { kind, page: 0, size: 2000, sort: 'sort,asc' }).then(
        // The table's rows are not described field by field in the contract yet.
        (p) => p.content as unknown as CustomsCodeRow[],
      ),
    staleTime: 3600_000,
  }).data;
}

/** A code from one of China customs' tables: "2248 洋山港区" / "2248 Yangshan Port Customs". */
export function CustomsCodePicker({ kind, ...props }: PickerProps & { kind: CustomsCodeKind }) {
  const lang = langOf(useTranslation().i18n.language);
  const rows = useCustomsCodes(kind);
  const choices = useMemo(
    () =>
      (rows ?? []).map((r) => ({
        value: r.code,
        label: `${r.code} ${lang === 'en' ? r.nameEn : r.nameZh}`,
        words: `${r.code} ${r.nameEn} ${r.nameZh}`.toLowerCase(),
      })),
    [rows, lang],
  );
  return <CodeSelect choices={choices} loading={!rows} {...props} />;
}
