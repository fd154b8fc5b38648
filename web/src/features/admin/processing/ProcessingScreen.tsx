import { Link } from 'react-router';
import { useProcessingOverview } from '../api/processing/get-processing-overview';
import { listState } from '../components/ListState';
import { ProcessingStatus } from '../components/ProcessingStatus';
import { MSG } from '../messages';
import type { ProcessingItem } from '../types';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function attempts(item: ProcessingItem): string {
  return item.job && item.job.attempts_made > 0 ? String(item.job.attempts_made) : '–';
}

/**
 * /processing: what the media pipeline is doing across the catalogue: running, queued and
 * failed videos with progress and the reason of a failure, a Retry for each failed one.
 */
export function ProcessingScreen() {
  const q = useProcessingOverview();
  const counts = q.data?.counts;
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>PROCESSING</h1>
      </header>
      {counts && (
        <ul className="processing-counts" aria-label="Processing totals">
          <li>
            <strong>{counts.processing}</strong> processing
          </li>
          <li>
            <strong>{counts.queued}</strong> queued
          </li>
          <li className={counts.failed > 0 ? 'is-failed' : undefined}>
            <strong>{counts.failed}</strong> failed
          </li>
        </ul>
      )}
      {listState(q, q.data?.videos.length === 0, 'Nothing is processing: every video is ready', MSG.someError) ?? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--processing">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {(q.data?.videos ?? []).map((item) => (
                <tr key={item.id}>
                  <td data-label="Title">
                    <Link to={`/editVideo/${item.id}`}>{item.title}</Link>
                  </td>
                  <td data-label="State">
                    <ProcessingStatus
                      videoId={item.id}
                      state={item.processing_state}
                      progress={item.processing_progress}
                      error={item.processing_error}
                      job={item.job}
                      compact
                    />
                  </td>
                  <td data-label="Attempts">{attempts(item)}</td>
                  <td data-label="Since">{when(item.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
