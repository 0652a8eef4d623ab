// ECharts, loaded on first use only (the statistics page), with just the parts the charts need.
export type EChartsLib = typeof import('echarts/core');

let loading: Promise<EChartsLib> | null = null;

export function loadECharts(): Promise<EChartsLib> {
  loading ??= (async () => {
    const [core, charts, components, renderers] = await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]);
    core.use([
      charts.BarChart,
      charts.LineChart,
      charts.PieChart,
      components.GridComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.TitleComponent,
      renderers.CanvasRenderer,
    ]);
    return core;
  })();
  return loading;
}
