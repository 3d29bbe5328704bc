import type { FigureSeries } from '../domain/export-sources';

const WIDTH = 900;
const HEIGHT = 480;
/** Bars drawn per chart; the CSV beside it keeps every bucket. */
const MAX_BARS = 30;

/**
 * A figure as a PNG bar chart: ECharts renders SVG on the server (no DOM, no canvas), resvg
 * rasterises it. Labels are the figure's own; months run left to right, other series largest first.
 */
export async function figurePng(figure: FigureSeries): Promise<Buffer> {
  // Loaded on first use: a worker that never draws a figure does not carry them.
  const [echarts, { Resvg }] = await Promise.all([import('echarts'), import('@resvg/resvg-js')]);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: HEIGHT });
  try {
    const buckets = figure.buckets.slice(0, MAX_BARS);
    chart.setOption({
      animation: false,
      backgroundColor: '#ffffff',
      title: { text: figure.title, left: 'center', textStyle: { fontSize: 16 } },
      grid: { left: 60, right: 20, top: 50, bottom: 110 },
      xAxis: {
        type: 'category',
        data: buckets.map((b) => b.label || b.key),
        axisLabel: { rotate: 40, interval: 0, fontSize: 11, width: 120, overflow: 'truncate' },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: buckets.map((b) => b.count), itemStyle: { color: '#2f5d8a' } }],
    });
    const svg = chart.renderToSVGString();
    return Buffer.from(
      new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH }, background: '#ffffff' }).render().asPng(),
    );
  } finally {
    chart.dispose();
  }
}
