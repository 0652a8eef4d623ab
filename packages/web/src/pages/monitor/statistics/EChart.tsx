import { Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { loadECharts } from './echarts-lazy.ts';

/** One chart; re-renders its option (e.g. after a language switch) and follows its box size. */
export function EChart({
  option,
  testId,
  renderer = 'canvas',
  height,
}: {
  option: EChartsCoreOption;
  testId?: string;
  /** SVG keeps a chart's words as text in the page (a reader, a search, a test finds them). */
  renderer?: 'canvas' | 'svg';
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<Awaited<ReturnType<typeof loadECharts>>['init']> | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadECharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current, undefined, { renderer });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [renderer]);
  useEffect(() => {
    if (ready) chart.current?.setOption(option, true);
  }, [ready, option]);
  return (
    // ECharts owns the inner box's DOM; React renders only around it.
    <div className="admin-chart-wrap" data-testid={testId}>
      <div className="admin-chart" ref={box} style={height ? { height } : undefined} />
      {!ready && <Spin className="admin-chart-spin" />}
    </div>
  );
}
