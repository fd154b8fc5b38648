import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStats, type StatsReport } from '../api/stats/get-stats';
import { Loaded } from '../components/Loaded';
import { MSG } from '../messages';
import { DailyChart, formatMetric, METRIC_LABELS, type ChartMetric } from './DailyChart';

const PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS));
const percent = (rate: number) => `${Math.round(rate * 100)} %`;

/**
 * /adminStats: what was watched and searched over a chosen period (the address keeps it, so a
 * view can be bookmarked): totals, a chart per day, the most played videos and playlists with
 * watch time and completion, the top searches and the searches that found nothing.
 */
export function StatsScreen() {
  const [params, setParams] = useSearchParams();
  const today = isoDay(new Date());
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? daysBefore(to, 29);
  const [metric, setMetric] = useState<ChartMetric>('plays');
  const stats = useStats(from, to);
  const setPeriod = (next: { from: string; to: string }) => setParams(next, { replace: true });

  return (
    <div className="admin-page stats">
      <header className="admin-page__header">
        <h1>STATISTICS</h1>
      </header>
      <section className="panel stats__period" aria-label="Period">
        <div className="stats__presets" role="group" aria-label="Last days">
          {PRESETS.map((n) => {
            const active = to === today && from === daysBefore(today, n - 1);
            return (
              <button
                key={n}
                type="button"
                className={`button button--small ${active ? 'button--primary' : 'button--ghost'}`}
                aria-pressed={active}
                onClick={() => setPeriod({ from: daysBefore(today, n - 1), to: today })}
              >
                {n} days
              </button>
            );
          })}
        </div>
        <div className="field">
          <label htmlFor="stats-from">From</label>
          <input
            id="stats-from"
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && setPeriod({ from: e.target.value, to })}
          />
        </div>
        <div className="field">
          <label htmlFor="stats-to">To</label>
          <input
            id="stats-to"
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && setPeriod({ from, to: e.target.value })}
          />
        </div>
      </section>
      <Loaded query={stats} errorText={MSG.someError} showCause>
        {(report) => <Report report={report} metric={metric} onMetric={setMetric} />}
      </Loaded>
    </div>
  );
}

function Report({
  report,
  metric,
  onMetric,
}: {
  report: StatsReport;
  metric: ChartMetric;
  onMetric: (metric: ChartMetric) => void;
}) {
  const { totals } = report;
  return (
    <>
      <dl className="stats__totals" aria-label="Totals">
        <div>
          <dt>Plays</dt>
          <dd>{totals.plays}</dd>
        </div>
        <div>
          <dt>Watch time</dt>
          <dd>{formatMetric('watch_seconds', totals.watch_seconds)}</dd>
        </div>
        <div>
          <dt>Completion</dt>
          <dd>{percent(totals.completion_rate)}</dd>
        </div>
      </dl>
      <section className="panel" aria-label="Per day">
        <div className="stats__metrics" role="group" aria-label="Chart shows">
          {(Object.keys(METRIC_LABELS) as ChartMetric[]).map((m) => (
            <button
              key={m}
              type="button"
              className={`button button--small ${m === metric ? 'button--primary' : 'button--ghost'}`}
              aria-pressed={m === metric}
              onClick={() => onMetric(m)}
            >
              {METRIC_LABELS[m]}
            </button>
          ))}
        </div>
        <DailyChart days={report.days} metric={metric} />
      </section>
      <div className="stats__tables">
        <ItemTable title="Videos" rows={report.videos} />
        <ItemTable title="Playlists" rows={report.playlists} />
        <SearchTable title="Top searches" rows={report.top_searches} />
        <SearchTable title="Searches with no result" rows={report.empty_searches} />
      </div>
    </>
  );
}

function ItemTable({ title, rows }: { title: string; rows: StatsReport['videos'] }) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">Nothing played in this period.</p>
      ) : (
        <div className="admin-table-wrap">
          {/* Cards on a phone, as every admin table: a plain table there was 3 px wider than 375 px. */}
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Plays</th>
                <th scope="col">Watch time</th>
                <th scope="col">Completion</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="card-cell--title">{row.title}</td>
                  <td data-label="Plays">{row.plays}</td>
                  <td data-label="Watch time">{formatMetric('watch_seconds', row.watch_seconds)}</td>
                  <td data-label="Completion">{percent(row.completion_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SearchTable({ title, rows }: { title: string; rows: StatsReport['top_searches'] }) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">No searches in this period.</p>
      ) : (
        <ol className="stats__searches">
          {rows.map((row) => (
            <li key={row.query}>
              <span>{row.query}</span> <span className="muted">{row.searches}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
