// A row's commands as buttons: the events the server says the caller may fire now (`actions`), each
// worded from the family and the event, a confirmation or — where the machine's transition has a
// `reason` guard — a reason dialog, one run at a time (a second click while one runs does nothing),
// the server's localized refusal shown by the request client, and the family's queries refreshed after.
// It runs through the one submit hook (useSubmit: busy → call → toast → scoped refresh → done).
import { Button, Popconfirm, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../api/use-submit.ts';
import { commandText, eventText, FAMILIES, familyName, type Machine, needsReason } from './labels.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

/** How one command looks and what it says; every key is optional (the family's words are the default). */
export interface CommandSpec {
  labelKey?: string;
  /** The question before it runs; `false`: run at once. Default: "Submit this bill of lading?". */
  confirmKey?: string | false;
  /** The toast after it ran; `false`: none (the page says it). Default: "Bill of lading submitted". */
  doneKey?: string | false;
  icon?: ReactNode;
  primary?: boolean;
  danger?: boolean;
  /** The reason dialog's title and field label. */
  reasonTitleKey?: string;
  reasonLabelKey?: string;
  reasonRequiredKey?: string;
  reasonPlaceholderKey?: string;
  /** The reason dialog's OK button (default: OK). */
  reasonOkKey?: string;
  /** Interpolation values of the keys above ("Reject B/L {{no}}"). */
  params?: Record<string, unknown>;
  /** Ask for a reason whatever the machine says (or never). */
  reason?: boolean;
  /**
   * The command asks through the page's own form (a vehicle, a container, a date): the click opens it
   * instead of running anything; the form runs the command itself.
   */
  ask?: () => void;
}

export interface CommandBarProps {
  /** The family (change record `entity`, resource name): its words, machines and queries. */
  entity: string;
  /** The events the caller may fire on the row now, as the server sent them. */
  actions: readonly string[];
  /** The row's status (picks the machine's transition for the reason guard). */
  status?: number;
  /** The events this bar offers, in this order (default: the spec's order, then the machine's). */
  only?: readonly string[];
  commands?: Record<string, CommandSpec>;
  /** Fires the event. A rejection is a refusal (the request client has shown its message). */
  run: (event: string, reason?: string) => Promise<unknown>;
  /** After a command succeeded (the families' queries are already being refreshed). */
  onDone?: (event: string, answer: unknown) => unknown;
  /** The toast after a success from the server's answer ("Moved to Approved"); overrides `doneKey`. */
  doneText?: (event: string, answer: unknown) => string;
  /** More families whose queries the command changes (e.g. the batch over its material lists). */
  refresh?: readonly string[];
  size?: 'small' | 'middle';
  /** Buttons as links (inside a table row). */
  link?: boolean;
  machines?: readonly Machine[];
}

const ORDER = ['submit', 'confirm', 'approve', 'accept', 'check'];

export function CommandBar(props: CommandBarProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const machines = props.machines ?? FAMILIES[props.entity]?.machines ?? [];
  const family = familyName(t, props.entity);
  const spec = (e: string): CommandSpec => props.commands?.[e] ?? {};
  const label = (e: string) => {
    const key = spec(e).labelKey;
    return key ? t(key, spec(e).params) : commandText(t, e);
  };
  const wantsReason = (e: string) => spec(e).reason ?? needsReason(machines, e, props.status);
  const order = props.only ?? [
    ...ORDER.filter((e) => props.actions.includes(e)),
    ...props.actions.filter((e) => !ORDER.includes(e)),
  ];
  const shown = order.filter((e) => props.actions.includes(e));

  const said = (event: string, answer: unknown): string | false => {
    if (props.doneText) return props.doneText(event, answer);
    const done = spec(event).doneKey;
    if (done === false) return false;
    return done
      ? t(done, spec(event).params)
      : t('workflow.done', { entity: family, action: eventText(t, event) });
  };
  const submit = useSubmit(
    async (event: string, reason?: string) => ({ event, answer: await props.run(event, reason) }),
    {
      success: ({ event, answer }) => said(event, answer),
      refresh: [props.entity, ...(props.refresh ?? [])],
      onDone: async ({ event, answer }) => {
        setAsking(null);
        await props.onDone?.(event, answer);
      },
    },
  );
  // Double-click safe: useSubmit calls once at a time (a ref, so two clicks in one tick still run once).
  const running = useRef(false);
  const fire = async (event: string, reason?: string) => {
    if (running.current) return;
    running.current = true;
    setBusy(event);
    try {
      await submit.run(event, reason);
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  if (!shown.length) return null;
  const asked = asking ? spec(asking) : {};
  return (
    <>
      <Space size={props.link ? 0 : 8} wrap className="wf-commands">
        {shown.map((e) => {
          const s = spec(e);
          const button = (
            <Button
              key={e}
              size={props.size}
              type={props.link ? 'link' : (s.primary ?? !wantsReason(e)) ? 'primary' : 'default'}
              danger={s.danger ?? wantsReason(e)}
              icon={s.icon}
              loading={busy === e}
              disabled={busy !== null && busy !== e}
              data-event={e}
              onClick={
                s.ask
                  ? s.ask
                  : wantsReason(e)
                    ? () => setAsking(e)
                    : s.confirmKey === false
                      ? () => fire(e)
                      : undefined
              }
            >
              {label(e)}
            </Button>
          );
          if (s.ask || wantsReason(e) || s.confirmKey === false) return button;
          return (
            <Popconfirm
              key={e}
              title={
                s.confirmKey
                  ? t(s.confirmKey, s.params)
                  : t('workflow.confirm', { action: label(e), entity: family })
              }
              onConfirm={() => fire(e)}
            >
              {button}
            </Popconfirm>
          );
        })}
      </Space>
      <ReasonDialog
        open={asking !== null}
        title={
          asked.reasonTitleKey
            ? t(asked.reasonTitleKey, asked.params)
            : t('workflow.reason.title', { action: asking ? label(asking) : '', entity: family })
        }
        label={asked.reasonLabelKey ? t(asked.reasonLabelKey) : undefined}
        placeholder={asked.reasonPlaceholderKey ? t(asked.reasonPlaceholderKey) : undefined}
        requiredMessage={asked.reasonRequiredKey ? t(asked.reasonRequiredKey) : undefined}
        okText={asked.reasonOkKey ? t(asked.reasonOkKey, asked.params) : undefined}
        busy={busy !== null}
        onCancel={() => setAsking(null)}
        onSubmit={(reason) => asking && fire(asking, reason)}
      />
    </>
  );
}
