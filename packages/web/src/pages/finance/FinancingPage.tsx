// A company's financing applications (menu "finance/financing").
import { FinancingList } from './FinancingList.tsx';

export default function FinancingPage() {
  return <FinancingList review={false} />;
}
