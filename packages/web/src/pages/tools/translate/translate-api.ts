// GET /api/auxiliary/translate: glossary first, then the configured service.
import type { TranslateAnswer } from '@tradelane/contract';
import { http } from '../../../api/request.ts';

export type { TranslateAnswer };

export const translateText = (q: string, from: 'zh' | 'en' | 'auto' = 'auto', to?: 'zh' | 'en') =>
  http.get<TranslateAnswer>('/api/auxiliary/translate', { q, from, ...(to ? { to } : {}) });
