// A finished plan: container selector, utilisation, the 3D view with steps, step groups, leftovers, exports.
import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { typeColor } from '@tradelane/loadplan';
import {
  Alert,
  App,
  Button,
  Col,
  Progress,
  Row,
  Segmented,
  Space,
  Spin,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../i18n/index.ts';
import { plannedLabel } from './container-rows.ts';
import type { PlanResult } from './model.ts';
import { StepControls } from './StepControls.tsx';
import { countByType, stepGroups } from './step-groups.ts';

const Scene3D = lazy(() => import('./Scene3D.tsx'));

/** Views per container in the step list and the printed plan. */
export const STEP_GROUPS = 8;

function usePdf(result: PlanResult) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'pdf' | 'print' | null>(null);
  const run = async (what: 'pdf' | 'print') => {
    setBusy(what);
    try {
      const pdf = await import('./pdf-export.ts');
      if (what === 'pdf') await pdf.downloadPlanPdf(result, t, currentLang());
      else await pdf.printPlan(result, t, currentLang());
    } catch (err) {
      console.error(err);
      message.error(t('loadplan.pdfFailed'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

export function ResultPanel({ result }: { result: PlanResult }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const cp = result.plan.containers[index] ?? result.plan.containers[0];
  const total = cp?.placements.length ?? 0;
  const [step, setStep] = useState(total);
  // A box clicked in the view (index in the loading order); its details replace the current step's.
  const [picked, setPicked] = useState<number | null>(null);
  const { busy, run } = usePdf(result);

  // Another container starts fully loaded; a new plan re-mounts this panel (keyed by the page).
  const choose = (i: number) => {
    setIndex(i);
    setPicked(null);
    setStep(result.plan.containers[i]?.placements.length ?? 0);
  };

  const groups = useMemo(() => (cp ? stepGroups(cp.placements, STEP_GROUPS) : []), [cp]);
  const counts = useMemo(
    () => (cp ? countByType(cp.placements, result.boxes.length) : []),
    [cp, result.boxes.length],
  );
  const leftover = result.plan.leftover.flatMap((n, i) => (n > 0 ? [{ i, n }] : []));
  const shown = picked !== null && picked < step ? picked + 1 : step;
  const current = cp && shown > 0 ? cp.placements[shown - 1] : undefined;
  const label = (i: number) =>
    plannedLabel(
      result.containers,
      result.plan.containers[i]?.container.id,
      currentLang(),
      t('loadplan.container.custom'),
    );

  if (!cp) return <Alert type="warning" showIcon title={t('loadplan.nothingLoaded')} />;
  const payload = cp.container.maxPayload;
  return (
    <div data-testid="loadplan-result">
      <Space wrap className="loadplan-toolbar loadplan-result-bar">
        {result.plan.containers.length > 1 && (
          <Segmented
            value={index}
            onChange={(v) => choose(Number(v))}
            options={result.plan.containers.map((_, i) => ({
              value: i,
              label: t('loadplan.containerN', {
                n: i + 1,
                type: result.plan.containers[i]?.container.id ?? '',
              }),
            }))}
            data-testid="loadplan-container-select"
          />
        )}
        <Typography.Text type="secondary">
          {t('loadplan.summary', {
            containers: result.plan.containers.length,
            ms: result.ms,
            where: t(`loadplan.where.${result.where}`),
          })}
        </Typography.Text>
        <Button
          icon={<FilePdfOutlined />}
          loading={busy === 'pdf'}
          onClick={() => void run('pdf')}
          data-testid="loadplan-pdf"
        >
          {t('loadplan.pdf')}
        </Button>
        <Button
          icon={<PrinterOutlined />}
          loading={busy === 'print'}
          onClick={() => void run('print')}
          data-testid="loadplan-print"
        >
          {t('loadplan.print')}
        </Button>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          <div className="loadplan-canvas">
            <Suspense fallback={<Spin className="loadplan-canvas-spin" />}>
              <Scene3D
                plan={cp}
                boxes={result.boxes}
                step={step}
                mark={shown}
                doorLabel={t('loadplan.door')}
                onPick={setPicked}
              />
            </Suspense>
            <div className="loadplan-canvas-label">{label(index)}</div>
          </div>
          <StepControls
            step={step}
            total={total}
            onStep={(s) => {
              setPicked(null);
              setStep(s);
            }}
          />
          <Typography.Text type="secondary" className="loadplan-current">
            {current
              ? t('loadplan.currentBox', {
                  n: shown,
                  name: result.names[current.type] ?? '',
                  l: current.l,
                  w: current.w,
                  h: current.h,
                  x: current.x,
                  y: current.y,
                  z: current.z,
                })
              : t('loadplan.emptyContainer')}
          </Typography.Text>
        </Col>
        <Col xs={24} xl={7}>
          <Space orientation="vertical" size="middle" className="loadplan-side">
            <Row gutter={8}>
              <Col span={12}>
                <Statistic title={t('loadplan.placed')} value={step} suffix={`/ ${total}`} />
              </Col>
              <Col span={12}>
                <Statistic
                  title={t('loadplan.volume')}
                  value={Math.round(cp.volumeUtilisation * 1000) / 10}
                  suffix="%"
                />
              </Col>
            </Row>
            <div>
              <Progress
                percent={Math.round(cp.volumeUtilisation * 1000) / 10}
                size="small"
                showInfo={false}
              />
              <Typography.Text type="secondary">
                {payload
                  ? t('loadplan.weightOf', { weight: Math.round(cp.totalWeight), payload })
                  : t('loadplan.weightNoLimit', { weight: Math.round(cp.totalWeight) })}
              </Typography.Text>
              {payload ? (
                <Progress
                  percent={Math.round(cp.weightUtilisation * 1000) / 10}
                  size="small"
                  status="normal"
                />
              ) : null}
              {cp.centreOfGravity && (
                <Typography.Text type="secondary" className="loadplan-block">
                  {t('loadplan.cogAt', {
                    x: (cp.centreOfGravity.x / 1000).toFixed(2),
                    y: (cp.centreOfGravity.y / 1000).toFixed(2),
                    z: (cp.centreOfGravity.z / 1000).toFixed(2),
                    dx: ((cp.centreOfGravity.x / cp.container.l) * 100).toFixed(0),
                  })}
                </Typography.Text>
              )}
            </div>
            <div>
              <Typography.Title level={5}>{t('loadplan.legend')}</Typography.Title>
              {counts.map((n, i) =>
                n > 0 ? (
                  <div key={result.boxes[i]?.id ?? i} className="loadplan-legend">
                    <span className="loadplan-swatch" style={{ background: typeColor(i) }} />
                    <span className="loadplan-legend-name">{result.names[i]}</span>
                    <span>{`× ${n}`}</span>
                  </div>
                ) : null,
              )}
            </div>
            <div>
              <Typography.Title level={5}>{t('loadplan.groups')}</Typography.Title>
              <div className="loadplan-groups">
                {groups.map((g) => (
                  <Tag.CheckableTag
                    key={g.from}
                    checked={step >= g.from && step <= g.to}
                    onChange={() => setStep(g.to)}
                  >
                    {t('loadplan.groupRange', { from: g.from, to: g.to })}
                  </Tag.CheckableTag>
                ))}
              </div>
            </div>
            {leftover.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                title={t('loadplan.leftover')}
                description={leftover.map(({ i, n }) => (
                  <div key={i}>{t('loadplan.leftoverItem', { name: result.names[i], count: n })}</div>
                ))}
                data-testid="loadplan-leftover"
              />
            ) : (
              <Alert type="success" showIcon title={t('loadplan.leftoverNone')} />
            )}
          </Space>
        </Col>
      </Row>
    </div>
  );
}
