import { useMemo } from 'react';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useAllMenus } from '../lookups.ts';
import { menuResource } from './menu-resource.tsx';

export default function MenusPage() {
  const all = useAllMenus();
  const decl = useMemo(() => menuResource(all), [all]);
  return <ResourcePage decl={decl} titleKey="admin.menu.what" />;
}
