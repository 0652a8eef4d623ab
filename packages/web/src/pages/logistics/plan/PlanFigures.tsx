// One planned container: fill by volume and weight, the centre of gravity against its limit, and the
// 3D view (the loading tool's) with step-through of the loading order.
import type { BoxSpec, ContainerPlan } from '@tradelane/loadplan';
import { Col, Progress, Row, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepControls } from '../../tools/loadplan/StepControls.tsx';

const Scene3D = lazy(() => import('../../tools/loadplan/Scene3D.tsx'));
const COG_LIMIT = 10;
const pct = (v: number) => Math.round(v * 1000) / 10;

export function PlanFigures({
  plan,
  boxes,
  boxNumbers,
}: {
  plan: ContainerPlan;
  boxes: readonly BoxSpec[];
  boxNumbers: readonly string[];
}) {
  const { t } = useTranslation();
  const total = plan.placements.length;
  const [step, setStep] = useState(total);
  useEffect(() => setStep(total), [total]);
  const off = plan.cogOffset;
  const offOk = !off || (Math.abs(off.x) <= COG_LIMIT / 100 && Math.abs(off.y) <= COG_LIMIT / 100);
  return (
    <div className="plan-figures">
      <Row gutter={16} align="middle">
        <Col span={8}>
          <Typography.Text type="secondary">{t('logistics.plan.fillVolume')}</Typography.Text>
          <Progress percent={pct(plan.volumeUtilisation)} size="small" />
        </Col>
        <Col span={8}>
          <Typography.Text type="secondary">{t('logistics.plan.fillWeight')}</Typography.Text>
          <Progress percent={pct(plan.weightUtilisation)} size="small" strokeColor="#fa8c16" />
        </Col>
        <Col span={8}>
          <Typography.Text type="secondary">{t('logistics.plan.cog')}</Typography.Text>
          <div>
            <Tag color={offOk ? 'green' : 'red'} data-testid="plan-cog">
              {off ? t('logistics.plan.cogValue', { x: pct(off.x), y: pct(off.y) }) : '—'}
            </Tag>
            <Typography.Text type="secondary">
              {t('logistics.plan.cogLimit', { limit: COG_LIMIT })}
            </Typography.Text>
          </div>
        </Col>
      </Row>
      <div style={{ height: 340, marginTop: 8 }}>
        <Suspense fallback={<Spin />}>
          <Scene3D plan={plan} boxes={boxes} step={step} doorLabel={t('logistics.plan.door')} />
        </Suspense>
      </div>
      <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <StepControls step={step} total={total} onStep={setStep} />
        <Typography.Text type="secondary">
          {step > 0 ? `${boxNumbers[step - 1] ?? ''} · ` : ''}
          {t('logistics.plan.cogMarker')}
        </Typography.Text>
      </Space>
    </div>
  );
}
