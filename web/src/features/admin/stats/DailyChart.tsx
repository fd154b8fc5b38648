import { formatClock } from '../videos/clock';

export type ChartMetric = 'plays' | 'watch_seconds' | 'completions';

export const METRIC_LABELS: Record<ChartMetric, string> = {
  plays: 'Plays',
  watch_seconds: 'Watch time',
  completions: 'Completions',
};

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 48;
const BOTTOM = 24;
const TOP = 10;

/** A metric's value as staff read it: watch time as h:mm:ss, counts as numbers. */
export function formatMetric(metric: ChartMetric, value: number): string {
  return metric === 'watch_seconds' ? formatClock(Math.round(value)) : String(value);
}

/** A nice round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= value) ?? value;
}

/**
 * One bar per day of the period, in SVG (no chart library): a value axis with three lines,
 * day labels under some bars, and each bar's day and value as its title (hover) and in the
 * table the chart summarises for screen readers.
 */
export function DailyChart({
  days,
  metric,
}: {
  days: ReadonlyArray<{ day: string } & Record<ChartMetric, number>>;
  metric: ChartMetric;
}) {
  const top = niceMax(Math.max(0, ...days.map((d) => d[metric])));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const total = days.reduce((sum, d) => sum + d[metric], 0);
  return (
    <svg
      className="stats-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${METRIC_LABELS[metric]} per day, ${days[0]?.day ?? ''} to ${days.at(-1)?.day ?? ''}: ${formatMetric(metric, total)} in all`}
    >
      {[0, 0.5, 1].map((f) => (
        <g key={f} className="stats-chart__grid">
          <line x1={LEFT} x2={WIDTH} y1={y(top * f)} y2={y(top * f)} />
          <text x={LEFT - 6} y={y(top * f) + 4} textAnchor="end">
            {formatMetric(metric, top * f)}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        const x = LEFT + i * slot + (slot - barWidth) / 2;
        return (
          <g key={d.day}>
            <rect
              className="stats-chart__bar"
              x={x}
              y={y(d[metric])}
              width={barWidth}
              height={Math.max(0, TOP + plotHeight - y(d[metric]))}
              data-day={d.day}
              data-value={d[metric]}
            >
              <title>{`${d.day}: ${formatMetric(metric, d[metric])}`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text className="stats-chart__day" x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle">
                {d.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
