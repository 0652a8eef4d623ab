// Translation: glossary first, then the configured service.
import type { TranslateAnswer } from '@tradelane/contract';
import { servicesOps } from '@tradelane/contract/api/services';
import { call } from '../../../api/client.ts';

export type { TranslateAnswer };

export const translateText = (q: string, from: 'zh' | 'en' | 'auto' = 'auto', to?: 'zh' | 'en') =>
  call(servicesOps.translate, { q, from, ...(to ? { to } : {}) });
