// The platform finance side's review list (menu "finance/review").
import { FinancingList } from './FinancingList.tsx';

export default function ReviewPage() {
  return <FinancingList review />;
}
