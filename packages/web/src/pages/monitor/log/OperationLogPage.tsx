import { LogPage } from './LogPage.tsx';

export default function OperationLogPage() {
  return <LogPage logType="INFO" />;
}
