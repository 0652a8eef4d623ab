import {
  AlertOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  ContainerOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  InboxOutlined,
  MessageOutlined,
  MonitorOutlined,
  ProjectOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  TruckOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  home: <DashboardOutlined />,
  system: <SettingOutlined />,
  user: <UserOutlined />,
  peoples: <TeamOutlined />,
  team: <TeamOutlined />,
  project: <ProjectOutlined />,
  batch: <ContainerOutlined />,
  box: <InboxOutlined />,
  container: <ContainerOutlined />,
  logistics: <TruckOutlined />,
  truck: <TruckOutlined />,
  customs: <AuditOutlined />,
  documents: <FileTextOutlined />,
  document: <FileTextOutlined />,
  finance: <BankOutlined />,
  statistics: <BarChartOutlined />,
  chart: <BarChartOutlined />,
  monitor: <MonitorOutlined />,
  tool: <ToolOutlined />,
  message: <MessageOutlined />,
  supplier: <ShoppingCartOutlined />,
  international: <GlobalOutlined />,
  alert: <AlertOutlined />,
  api: <ApiOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return <AppstoreOutlined />;
  const key = name.toLowerCase();
  return ICONS[key] ?? ICONS[Object.keys(ICONS).find((k) => key.includes(k)) ?? ''] ?? <AppstoreOutlined />;
}
