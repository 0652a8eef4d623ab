// The contract's machines as the web names them: which family (the change record's `entity`) runs on
// which machine, and each event's words — the family name plus the event, in the user's language
// (`workflow.entity.<family>`, `workflow.event.<event>` for what happened, `workflow.command.<event>` for
// the button). A machine's `reason` guard is what makes the command bar ask for a reason.
import {
  abnormalMachine,
  abnormalStatusLabels,
  batchPartnerMachine,
  batchPartnerStatusLabels,
  batchStatusLabels,
  billLadingMachine,
  billLadingStatusLabels,
  boxMachine,
  boxStatusLabels,
  certificationMachine,
  certificationStatusLabels,
  clearanceMachine,
  clearanceStatusLabels,
  declareMachine,
  declareStatusLabels,
  documentMachine,
  documentStatusLabels,
  entrustMachine,
  entrustStatusLabels,
  exceptionMachine,
  exceptionStatusLabels,
  feedbackMachine,
  feedbackStatusLabels,
  financingMachine,
  financingStatusLabels,
  jobMachine,
  jobStatusLabels,
  logisticsMachine,
  materialListMachine,
  materialListStatusLabels,
  partnershipMachine,
  partnershipStatusLabels,
  paymentMachine,
  paymentStatusLabels,
  reconciliationMachine,
  reconciliationStatusLabels,
  type StateLabels,
  type StateMachine,
  tallyMachine,
  tallyStatusLabels,
  tenantStandingLabels,
  tenantStandingMachine,
  ticketMachine,
  ticketStatusLabels,
  voucherMachine,
  voucherStatusLabels,
} from '@tradelane/contract';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/index.ts';

export type Machine = StateMachine<number, string>;

export interface Family {
  /** The machines whose commands act on this family's rows (boxes: packing and logistics). */
  machines: readonly Machine[];
  /** The status words of the first machine's status column. */
  labels?: StateLabels;
}

/** Every family with a machine, by the `entity` its commands write into the change record. */
export const FAMILIES: Record<string, Family> = {
  abnormalRecord: { machines: [abnormalMachine], labels: abnormalStatusLabels },
  assort: { machines: [ticketMachine], labels: ticketStatusLabels },
  batchPartner: { machines: [batchPartnerMachine], labels: batchPartnerStatusLabels },
  billLading: { machines: [billLadingMachine], labels: billLadingStatusLabels },
  boxPiece: { machines: [boxMachine, logisticsMachine], labels: boxStatusLabels },
  customsClearance: { machines: [clearanceMachine], labels: clearanceStatusLabels },
  deliveryEntrust: { machines: [entrustMachine], labels: entrustStatusLabels },
  document: { machines: [documentMachine], labels: documentStatusLabels },
  exception: { machines: [exceptionMachine], labels: exceptionStatusLabels },
  feedback: { machines: [feedbackMachine], labels: feedbackStatusLabels },
  financing: { machines: [financingMachine], labels: financingStatusLabels },
  job: { machines: [jobMachine], labels: jobStatusLabels },
  materialList: { machines: [materialListMachine], labels: materialListStatusLabels },
  partnership: { machines: [partnershipMachine], labels: partnershipStatusLabels },
  payment: { machines: [paymentMachine], labels: paymentStatusLabels },
  projectBatch: { machines: [], labels: batchStatusLabels },
  projectDeclare: { machines: [declareMachine], labels: declareStatusLabels },
  reconciliation: { machines: [reconciliationMachine], labels: reconciliationStatusLabels },
  tallySheet: { machines: [tallyMachine], labels: tallyStatusLabels },
  tenant: { machines: [certificationMachine], labels: certificationStatusLabels },
  tenantStanding: { machines: [tenantStandingMachine], labels: tenantStandingLabels },
  voucherProcess: { machines: [voucherMachine], labels: voucherStatusLabels },
};

/** The events a machine declares, once each. */
export const eventsOf = (machine: Machine): string[] => [...new Set(machine.map((t) => t.event))];

/** The family's name ("Bill of lading"); an unknown family keeps its code. */
export const familyName = (t: TFunction, entity: string): string =>
  t(`workflow.entity.${entity}`, { defaultValue: entity });

/** What happened, as the timeline says it ("Submitted"). */
export const eventText = (t: TFunction, event: string): string =>
  t(`workflow.event.${event}`, { defaultValue: event });

/** What a button does ("Submit"). */
export const commandText = (t: TFunction, event: string): string =>
  t(`workflow.command.${event}`, { defaultValue: eventText(t, event) });

/** A status of a family in words, from the contract's labels; `null` when the family has none. */
export function statusText(entity: string, value: string | number, lang: Lang): string | null {
  const label = FAMILIES[entity]?.labels?.[Number(value)];
  return label ? label[lang] : null;
}

/**
 * Whether firing `event` on a row in state `from` needs a reason (the machine's `reason` guard). With no
 * known state, any transition of that event asking for one counts.
 */
export function needsReason(machines: readonly Machine[], event: string, from?: number): boolean {
  return machines.some((m) =>
    m.some((t) => t.event === event && t.guard === 'reason' && (from === undefined || t.from === from)),
  );
}
