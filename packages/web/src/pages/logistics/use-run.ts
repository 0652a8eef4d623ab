// Runs a logistics call: on success a toast naming the step and the number of boxes, then every list
// a move changes (boxes, counts, timelines, vehicles, containers) is refreshed. A refusal is shown by
// the request client with the server's message (which names the box that blocks).
import { useQueryClient } from '@tanstack/react-query';
import type { LogisticsEvent } from '@tradelane/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { refreshResources } from '../../api/query-keys.ts';
import { currentLang } from '../../i18n/index.ts';
import { eventLabel } from './commands.ts';

export function useLogisticsRefresh() {
  const qc = useQueryClient();
  // A step moves boxes, so it changes their accessories, containers, abnormalities and the batch (query-keys.ts).
  return () => refreshResources(qc, ['boxPiece']);
}

export function useRunCommand() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useLogisticsRefresh();
  return async (
    event: LogisticsEvent,
    run: () => Promise<{ totalElements: number }>,
    okText?: (count: number) => string,
  ): Promise<boolean> => {
    try {
      const answer = await run();
      const count = answer?.totalElements ?? 0;
      void message.success(
        okText?.(count) ?? t('logistics.boxes.done', { action: eventLabel(event, currentLang()), count }),
      );
      await refresh();
      return true;
    } catch {
      return false;
    }
  };
}
