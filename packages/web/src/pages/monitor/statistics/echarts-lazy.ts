// ECharts, loaded on first use only (the statistics page, the project timeline), with just the parts the
// charts need: the timeline is a custom series (one bar per batch and plan) with a mark line for today,
// drawn as SVG so its words are text a reader (and a test) can find.
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
      charts.CustomChart,
      components.GridComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.TitleComponent,
      components.MarkLineComponent,
      components.DataZoomComponent,
      renderers.CanvasRenderer,
      renderers.SVGRenderer,
    ]);
    return core;
  })();
  return loading;
}
