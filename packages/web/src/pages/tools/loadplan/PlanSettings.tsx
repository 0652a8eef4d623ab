// Mode, time limit, where to plan, the plan button, and while planning a progress bar with a cancel.
import { CloseOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Progress, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanMode } from './model.ts';
import type { PlanJob } from './use-planner.ts';

const TIME_LIMITS = [1000, 2000, 5000, 10_000, 20_000];

export interface PlanSettingsProps {
  mode: PlanMode;
  timeLimitMs: number;
  onServer: boolean;
  onChange: (p: { mode?: PlanMode; timeLimitMs?: number; onServer?: boolean }) => void;
  job: PlanJob | null;
  onPlan: () => void;
  onCancel: () => void;
}

function useElapsed(job: PlanJob | null): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!job) return;
    const id = setInterval(() => setNow(performance.now() - job.started), 100);
    return () => clearInterval(id);
  }, [job]);
  return job ? now : 0;
}

export function PlanSettings({
  mode,
  timeLimitMs,
  onServer,
  onChange,
  job,
  onPlan,
  onCancel,
}: PlanSettingsProps) {
  const { t } = useTranslation();
  const elapsed = useElapsed(job);
  return (
    <Form layout="vertical" className="loadplan-settings">
      <Form.Item label={t('loadplan.mode.label')}>
        <Radio.Group value={mode} onChange={(e) => onChange({ mode: e.target.value as PlanMode })}>
          <Radio.Button value="fewest">{t('loadplan.mode.fewest')}</Radio.Button>
          <Radio.Button value="cheapest">{t('loadplan.mode.cheapest')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('loadplan.timeLimit')}>
        <Select
          value={timeLimitMs}
          style={{ width: 140 }}
          options={TIME_LIMITS.map((ms) => ({
            value: ms,
            label: t('loadplan.seconds', { count: ms / 1000 }),
          }))}
          onChange={(v) => onChange({ timeLimitMs: v })}
          aria-label={t('loadplan.timeLimit')}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={onServer} onChange={(e) => onChange({ onServer: e.target.checked })}>
          {t('loadplan.onServer')}
        </Checkbox>
      </Form.Item>
      {job ? (
        <Space orientation="vertical" className="loadplan-block">
          <Progress
            percent={Math.min(99, Math.round((elapsed / job.limitMs) * 100))}
            status="active"
            format={() =>
              t('loadplan.elapsed', { elapsed: (elapsed / 1000).toFixed(1), limit: job.limitMs / 1000 })
            }
          />
          <Typography.Text type="secondary">{t(`loadplan.where.${job.where}`)}</Typography.Text>
          <Button icon={<CloseOutlined />} onClick={onCancel} data-testid="loadplan-cancel">
            {t('loadplan.cancel')}
          </Button>
        </Space>
      ) : (
        <Button
          type="primary"
          size="large"
          block
          icon={<ThunderboltOutlined />}
          onClick={onPlan}
          data-testid="loadplan-plan"
        >
          {t('loadplan.plan')}
        </Button>
      )}
    </Form>
  );
}
