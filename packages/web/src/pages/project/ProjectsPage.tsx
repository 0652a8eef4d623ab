// Projects (menu "project/index"): the project list with its form, and the selected project's workbench below.
import { useMemo, useState } from 'react';
import { PROJECT_DICTS } from '../../components/domain/dicts.ts';
import { useCountries } from '../../components/domain/lookups.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { ProjectWorkbench } from './ProjectWorkbench.tsx';
import type { ProjectRow } from './project-api.ts';
import { type ProjectValues, projectResource } from './project-resource.tsx';
import '../../components/domain/project.css';

export default function ProjectsPage() {
  const countries = useCountries();
  const ctx = useDeclContext(PROJECT_DICTS);
  const [selected, setSelected] = useState<number | null>(null);
  const decl = useMemo(() => projectResource(countries ?? [], (r) => setSelected(r.id)), [countries]);
  return (
    <div className="pw-page">
      <ResourcePage<ProjectRow, ProjectValues>
        decl={decl}
        titleKey="project.what"
        dicts={PROJECT_DICTS}
        onRowClick={(r) => setSelected(r.id)}
        activeRowId={selected}
        compact
      />
      {selected !== null && <ProjectWorkbench projectId={selected} ctx={ctx} />}
    </div>
  );
}
