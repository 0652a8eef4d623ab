import { useQuery } from '@tanstack/react-query';
import { api } from '../api/endpoints.ts';
import type { AppConfig } from '../api/types.ts';

export function useAppConfig(): AppConfig | undefined {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: () => api.config(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}
