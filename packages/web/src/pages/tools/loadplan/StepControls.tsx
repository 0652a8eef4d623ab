// Step through the loading order: slider, first/prev/play/next/last and the visible step counter.
import {
  CaretRightOutlined,
  PauseOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { Button, Slider, Space, Tooltip, Typography } from 'antd';
import { type Dispatch, type ReactNode, type SetStateAction, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PLAY_FRAMES = 120;
const PLAY_TICK_MS = 90;

export interface StepControlsProps {
  step: number;
  total: number;
  onStep: Dispatch<SetStateAction<number>>;
}

export function StepControls({ step, total, onStep }: StepControlsProps) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const clamp = (s: number) => Math.max(0, Math.min(total, s));

  useEffect(() => {
    if (!playing) return;
    // Long plans play in larger strides so a run takes about PLAY_FRAMES ticks.
    const stride = Math.max(1, Math.ceil(total / PLAY_FRAMES));
    const id = setInterval(() => onStep((s) => Math.min(total, s + stride)), PLAY_TICK_MS);
    return () => clearInterval(id);
  }, [playing, total, onStep]);

  useEffect(() => {
    if (playing && step >= total) setPlaying(false);
  }, [playing, step, total]);

  const button = (key: string, icon: ReactNode, onClick: () => void, disabled: boolean) => (
    <Tooltip title={t(`loadplan.${key}`)}>
      <Button
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        aria-label={t(`loadplan.${key}`)}
        data-testid={`loadplan-${key}`}
      />
    </Tooltip>
  );

  return (
    <div className="loadplan-steps">
      <Space>
        {button('first', <VerticalRightOutlined />, () => onStep(0), step === 0)}
        {button('prev', <StepBackwardOutlined />, () => onStep(clamp(step - 1)), step === 0)}
        {button(
          playing ? 'pause' : 'play',
          playing ? <PauseOutlined /> : <CaretRightOutlined />,
          () => {
            if (!playing && step >= total) onStep(0);
            setPlaying(!playing);
          },
          total === 0,
        )}
        {button('next', <StepForwardOutlined />, () => onStep(clamp(step + 1)), step >= total)}
        {button('last', <VerticalLeftOutlined />, () => onStep(total), step >= total)}
      </Space>
      <Slider
        className="loadplan-slider"
        min={0}
        max={total}
        value={step}
        onChange={(v) => onStep(clamp(v))}
      />
      <Typography.Text strong data-testid="loadplan-step">
        {t('loadplan.step', { step, total })}
      </Typography.Text>
    </div>
  );
}
