import { LogPage } from './LogPage.tsx';

export default function ErrorLogPage() {
  return <LogPage logType="ERROR" />;
}
