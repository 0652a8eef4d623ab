// What the papers screens share: the batch picker above a family's ResourcePage and the run of a save or
// delete through the one submit hook (a toast, then the family's lists refreshed). A row's machine
// commands are the declaration's `rowCommands` (a CommandBar from the row's `actions`).

import { App, Card } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../../access/permissions.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { BatchPicker, SHIPPING_STAGE, useBatchPick } from '../../components/domain/BatchPicker.tsx';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl, Row } from '../../components/resource/types.ts';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import type { CommandSpec } from '../../components/workflow/CommandBar.tsx';
import '../../components/domain/project.css';

export function usePaperPage(family: 'document' | 'reconciliation' | 'deliveryEntrust', dicts: string[]) {
  const ctx = useDeclContext(dicts);
  const { message } = App.useApp();
  const pick = useBatchPick(SHIPPING_STAGE);
  const submit = useSubmit(
    async (call: () => Promise<unknown>, okKey: string, params?: Record<string, unknown>) => {
      await call();
      return ctx.t(okKey, params);
    },
    { success: (said) => said, refresh: [family] },
  );
  /** Runs a call once at a time; on success says `okKey` and refreshes the family. Refusals: the request client. */
  const busy = submit.run;
  return { ctx, t: ctx.t, message, can: useCan(), pick, batchId: pick.batchId, busy };
}

/**
 * A paper's command words from its catalogue section `prefix`: the button `<prefix>.<event>`, its question
 * `<prefix>.<event>Confirm`, the toast `<prefix>.<done>` (`done` names it per event: submit → submitted) and,
 * where the machine asks a reason, the dialog `<prefix>.<event>Title` with `<prefix>.reason` and
 * `<prefix>.reasonPlaceholder`; `params` fill the texts ("Reject statement {{no}}").
 */
export function paperCommands(
  prefix: string,
  done: Record<string, string>,
  params?: Record<string, unknown>,
): Record<string, CommandSpec> {
  return Object.fromEntries(
    Object.entries(done).map(([event, said]) => [
      event,
      {
        labelKey: `${prefix}.${event}`,
        confirmKey: `${prefix}.${event}Confirm`,
        doneKey: `${prefix}.${said}`,
        reasonTitleKey: `${prefix}.${event}Title`,
        reasonLabelKey: `${prefix}.reason`,
        reasonPlaceholderKey: `${prefix}.reasonPlaceholder`,
        reasonOkKey: `${prefix}.${event}`,
        params,
      },
    ]),
  );
}

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
