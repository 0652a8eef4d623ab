// Contracts (menu "project/contract/index").
import { useMemo, useState } from 'react';
import { PROJECT_DICTS } from '../../../components/domain/dicts.ts';
import { useCurrencies, usePartnerships, useParty, useProjects } from '../../../components/domain/lookups.ts';
import { ResourcePage, useRefresh } from '../../../components/resource/ResourcePage.tsx';
import type { ContractRow } from '../project-api.ts';
import { type ContractValues, contractResource } from './contract-resource.tsx';
import { FilesModal } from './FilesModal.tsx';
import '../../../components/domain/project.css';

export default function ContractsPage() {
  const projects = useProjects();
  const party = useParty();
  const partners = usePartnerships(party === 'shipper').data?.content;
  const currencies = useCurrencies();
  const refresh = useRefresh('projectContract');
  const [attaching, setAttaching] = useState<ContractRow | null>(null);
  const decl = useMemo(
    () =>
      contractResource({
        projects,
        partners: partners ?? [],
        currencies: currencies ?? [],
        onFiles: setAttaching,
      }),
    [projects, partners, currencies],
  );
  return (
    <>
      <ResourcePage<ContractRow, ContractValues>
        decl={decl}
        titleKey="project.contract.what"
        dicts={PROJECT_DICTS}
      />
      {attaching && <FilesModal contract={attaching} onClose={() => setAttaching(null)} onDone={refresh} />}
    </>
  );
}
