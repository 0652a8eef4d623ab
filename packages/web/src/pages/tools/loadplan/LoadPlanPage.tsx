// The 3D loading tool: box types and container types in, a plan from a web worker (or the server) out,
// shown in 3D step by step and exported as a PDF load plan.
import { Alert, App, Card, Col, Empty, Row } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../i18n/index.ts';
import { BoxTable } from './BoxTable.tsx';
import { type Issue, toBoxSpecs } from './box-parse.ts';
import { ContainerTable } from './ContainerTable.tsx';
import { standardContainerRows, toContainerSpecs } from './container-rows.ts';
import { exampleBoxes } from './example.ts';
import { issueText } from './issue-text.ts';
import { type BoxRow, type ContainerRow, newKey, type PlanMode, type PlanResult } from './model.ts';
import { PlanSettings } from './PlanSettings.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import type { LengthUnit, WeightUnit } from './units.ts';
import { usePlanner } from './use-planner.ts';
import './loadplan.css';

const SHOWN_ISSUES = 5;

export default function LoadPlanPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<BoxRow[]>(() => exampleBoxes(currentLang()));
  const [units, setUnits] = useState<{ length: LengthUnit; weight: WeightUnit }>({
    length: 'mm',
    weight: 'kg',
  });
  const [containers, setContainers] = useState<ContainerRow[]>(standardContainerRows);
  const [settings, setSettings] = useState({
    mode: 'fewest' as PlanMode,
    timeLimitMs: 2000,
    onServer: false,
  });
  const [issues, setIssues] = useState<Issue[]>([]);
  const [result, setResult] = useState<PlanResult | null>(null);
  const { job, run, cancel } = usePlanner();
  const resultRef = useRef<HTMLDivElement>(null);

  const plan = async () => {
    const { boxes, names, issues: found } = toBoxSpecs(rows, units.length, units.weight);
    setIssues(found);
    if (found.length) {
      message.error(t('loadplan.fixIssues'));
      return;
    }
    const specs = toContainerSpecs(containers);
    if (specs.length === 0) {
      message.error(t('loadplan.container.noneSelected'));
      return;
    }
    const where = settings.onServer ? 'server' : 'browser';
    try {
      const answer = await run(
        {
          containers: specs.map((c) => c.spec),
          boxes,
          mode: settings.mode,
          timeLimitMs: settings.timeLimitMs,
          seed: 1,
        },
        where,
      );
      if (!answer) {
        message.info(t('loadplan.cancelled'));
        return;
      }
      setResult({
        id: newKey('p'),
        plan: answer.plan,
        boxes,
        names,
        containers: specs,
        ms: answer.ms,
        mode: settings.mode,
        where,
      });
      message.success(t('loadplan.planDone', { containers: answer.plan.containers.length, ms: answer.ms }));
      requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } catch (err) {
      console.error(err);
      // Server errors are already shown by the request client.
      if (where === 'browser') message.error(t('loadplan.planFailed'));
    }
  };

  return (
    <div className="loadplan-page" data-testid="loadplan-page">
      <Card title={t('loadplan.boxes')} size="small" className="loadplan-card">
        <BoxTable
          rows={rows}
          onChange={setRows}
          lengthUnit={units.length}
          weightUnit={units.weight}
          onUnits={(length, weight) => setUnits({ length, weight })}
        />
        {issues.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="loadplan-gap"
            title={t('loadplan.fixIssues')}
            description={
              <ul className="loadplan-issues">
                {issues.slice(0, SHOWN_ISSUES).map((i) => (
                  <li key={`${i.row}-${i.field}-${i.code}`}>{issueText(t, i)}</li>
                ))}
                {issues.length > SHOWN_ISSUES && (
                  <li>{t('loadplan.moreIssues', { count: issues.length - SHOWN_ISSUES })}</li>
                )}
              </ul>
            }
          />
        )}
      </Card>
      <Row gutter={[16, 16]} className="loadplan-gap">
        <Col xs={24} xl={18}>
          <Card title={t('loadplan.containers')} size="small" className="loadplan-card">
            <ContainerTable rows={containers} onChange={setContainers} />
          </Card>
        </Col>
        <Col xs={24} xl={6}>
          <Card title={t('loadplan.settings')} size="small" className="loadplan-card">
            <PlanSettings
              {...settings}
              onChange={(p) => setSettings((s) => ({ ...s, ...p }))}
              job={job}
              onPlan={() => void plan()}
              onCancel={cancel}
            />
          </Card>
        </Col>
      </Row>
      <div ref={resultRef} className="loadplan-gap">
        <Card title={t('loadplan.result')} size="small" className="loadplan-card">
          {result ? (
            <ResultPanel key={result.id} result={result} />
          ) : (
            <Empty description={t('loadplan.empty')} />
          )}
        </Card>
      </div>
    </div>
  );
}
