// What the papers screens share: the batch picker above a family's ResourcePage and the run of a save or
// delete through the one submit hook (a toast, then the family's lists refreshed). A row's machine
// commands are the declaration's `rowCommands` (a CommandBar from the row's `actions`).

import { PlusOutlined } from '@ant-design/icons';
import type { Grant } from '@tradelane/contract';
import { App, Button, Card } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
 * The list's declaration of the picked batch, made once per batch (`declare`); its row actions reach the
 * page's latest handlers `act` through `now()`, so they never run a render's stale closure.
 */
export function useBatchDecl<A, T extends Row>(
  batchId: number | null,
  act: A,
  declare: (batchId: number, now: () => A) => ResourceDecl<T>,
): ResourceDecl<T> | null {
  const latest = useRef({ act, declare });
  latest.current = { act, declare };
  return useMemo(
    () => (batchId === null ? null : latest.current.declare(batchId, () => latest.current.act)),
    [batchId],
  );
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

/** A paper's page as its declaration file names it: the list's title, its dictionaries, its "add" button. */
export interface PaperDecl {
  titleKey: string;
  dicts: string[];
  /** The button adds one for a caller holding `permission` (and of the party the page says, `onAdd`). */
  add?: { permission: Grant; labelKey: string; hintKey?: string };
}

export function PaperPage<T extends Row>(props: {
  paper: PaperDecl;
  page: { pick: ReturnType<typeof useBatchPick> };
  decl: ResourceDecl<T> | null;
  /** What "add" does; false where the caller's party does not write this paper. */
  onAdd?: (() => unknown) | false;
  toolbar?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const { add, titleKey, dicts } = props.paper;
  const onAdd = props.onAdd;
  const addButton = add && onAdd && can({ permission: [add.permission] }) && (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      title={add.hintKey && t(add.hintKey)}
      onClick={() => void onAdd()}
    >
      {t(add.labelKey)}
    </Button>
  );
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
          titleKey={titleKey}
          dicts={dicts}
          compact
          toolbar={props.toolbar ?? addButton}
        />
      )}
      {props.children}
    </div>
  );
}
