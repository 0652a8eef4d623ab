// What the two papers screens share: the batch picker above a family's ResourcePage, the run of a
// command or delete (a toast, then the list refreshed) and the row action of a machine's command.

import { App, Card } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../../access/permissions.ts';
import { ResourcePage, useRefresh } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl, Row, RowAction } from '../../components/resource/types.ts';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { BatchPicker, useBatchPick } from '../project/shared/BatchPicker.tsx';
import '../project/shared/project.css';

export function usePaperPage(family: 'document' | 'reconciliation' | 'deliveryEntrust', dicts: string[]) {
  const ctx = useDeclContext(dicts);
  const { message } = App.useApp();
  const refresh = useRefresh(family);
  const pick = useBatchPick();
  /** Runs a call; on success says `okKey` and refreshes the list. Failures are shown by the request client. */
  const busy = async (call: () => Promise<unknown>, okKey: string, params?: Record<string, unknown>) => {
    try {
      await call();
      message.success(ctx.t(okKey, params));
      await refresh();
      return true;
    } catch {
      return false;
    }
  };
  return { ctx, t: ctx.t, message, can: useCan(), pick, batchId: pick.batchId, busy };
}

/** A command of the paper's machine, offered on the rows whose `actions` (from the server) name it. */
export const commandAction = <T extends { actions: string[] }>(
  event: string,
  keys: { label: string; confirm?: string; danger?: boolean },
  run: (row: T) => unknown,
): RowAction<T> => ({
  key: event,
  labelKey: keys.label,
  confirmKey: keys.confirm,
  danger: keys.danger,
  visible: (r) => r.actions.includes(event),
  run,
});

export function PaperPage<T extends Row>(props: {
  page: ReturnType<typeof usePaperPage>;
  decl: ResourceDecl<T> | null;
  titleKey: string;
  dicts: string[];
  toolbar?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="pw-page">
      <Card size="small" className="pw-card">
        <div className="pw-bar">
          <BatchPicker pick={props.page.pick} />
        </div>
      </Card>
      {props.decl && (
        <ResourcePage<T>
          decl={props.decl}
          titleKey={props.titleKey}
          dicts={props.dicts}
          compact
          toolbar={props.toolbar}
        />
      )}
      {props.children}
    </div>
  );
}
