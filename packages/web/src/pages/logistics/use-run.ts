// Runs a logistics call through the one submit hook: on success a toast naming the step and the number
// of boxes, then every list a move changes (boxes, counts, timelines, vehicles, containers) is refreshed.
// A refusal is shown by the request client with the server's message (which names the box that blocks).
import { useQueryClient } from '@tanstack/react-query';
import type { LogisticsEvent } from '@tradelane/contract';
import { useTranslation } from 'react-i18next';
import { refreshResources } from '../../api/query-keys.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { currentLang } from '../../i18n/index.ts';
import { eventLabel } from './commands.ts';

export function useLogisticsRefresh() {
  const qc = useQueryClient();
  // A step moves boxes, so it changes their accessories, containers, abnormalities and the batch (query-keys.ts).
  return () => refreshResources(qc, ['boxPiece']);
}

/** The one submit path (useSubmit): once at a time, the step's toast, the boxes' families refreshed. */
export function useRunCommand() {
  const { t } = useTranslation();
  const { run } = useSubmit(
    async (
      event: LogisticsEvent,
      call: () => Promise<{ totalElements: number }>,
      okText?: (count: number) => string,
    ) => {
      const count = (await call())?.totalElements ?? 0;
      return (
        okText?.(count) ?? t('logistics.boxes.done', { action: eventLabel(event, currentLang()), count })
      );
    },
    { success: (said) => said, refresh: ['boxPiece'] },
  );
  return run;
}
