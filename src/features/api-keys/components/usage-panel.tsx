import type {ReactNode} from 'react';
import clsx from 'clsx';
import DataTable, {Cell} from '@site/src/components/data-table';
import Spinner from '@site/src/components/spinner';
import {REQUEST_OK} from '@intakekit/contract/api-keys';
import type {KeyUsageResponse} from '@intakekit/contract/schemas/keys';
import {useKeyUsage} from '../api/use-key-usage';
import LocalDate from './local-date';
import fields from './fields.module.css';
import styles from './usage-panel.module.css';

/** Sessions per day as bars; the numbers are also in the accessible name (total and busiest day). */
function UsageChart({days}: {days: KeyUsageResponse['days']}): ReactNode {
  const max = Math.max(1, ...days.map((d) => d.sessions));
  const total = days.reduce((n, d) => n + d.sessions, 0);
  const busiest = days.reduce((a, b) => (b.sessions > a.sessions ? b : a), days[0]!);
  const summary =
    total === 0
      ? 'No sessions in the last 30 days.'
      : `${total} sessions in the last 30 days; busiest day ${busiest.day} with ${busiest.sessions}.`;
  const width = days.length * 10;
  return (
    <figure>
      <svg
        className={styles.usageChart}
        viewBox={`0 0 ${width} 60`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        {days.map((d, i) => {
          const h = (d.sessions / max) * 56;
          return (
            <rect
              key={d.day}
              x={i * 10 + 1}
              y={60 - h}
              width={8}
              height={Math.max(h, d.sessions > 0 ? 1 : 0)}
              fill="currentColor"
            >
              <title>{`${d.day}: ${d.sessions}`}</title>
            </rect>
          );
        })}
        <line x1="0" y1="59.5" x2={width} y2="59.5" stroke="currentColor" strokeOpacity="0.3" />
      </svg>
      <figcaption className={fields.fieldHint}>{summary}</figcaption>
    </figure>
  );
}

/** A key's usage: sessions per day, the origins it was presented from, and its last 100 requests. */
export default function UsagePanel({keyId}: {keyId: string}): ReactNode {
  const {data, error, isLoading, mutate} = useKeyUsage(keyId);
  if (isLoading && !data) return <Spinner label="Loading usage..." showLabel />;
  if (error && !data) {
    return (
      <p className={fields.fieldError} role="alert">
        The usage of this key could not be loaded.{' '}
        <button type="button" className="button button--sm button--link" onClick={() => void mutate()}>
          Try again
        </button>
      </p>
    );
  }
  if (!data) return null;
  return (
    <>
      <section className={styles.usageSection} aria-labelledby={`usage-${keyId}`}>
        <h3 id={`usage-${keyId}`}>Sessions per day</h3>
        <UsageChart days={data.days} />
      </section>
      <section className={styles.usageSection} aria-labelledby={`origins-${keyId}`}>
        <h3 id={`origins-${keyId}`}>Last origins seen</h3>
        {data.origins.length === 0 ? (
          <p className={fields.fieldHint}>No requests yet.</p>
        ) : (
          <ul className={styles.originsSeen}>
            {data.origins.map((o) => (
              <li key={o.origin ?? ''}>
                <code>{o.origin ?? 'no Origin header'}</code> — {o.requests} {o.requests === 1 ? 'request' : 'requests'}
                , last <LocalDate iso={o.lastSeenAt} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.usageSection} aria-labelledby={`log-${keyId}`}>
        <h3 id={`log-${keyId}`}>Request log</h3>
        <div className={fields.inlineFields}>
          <p className={fields.fieldHint}>The last 100 requests that presented this key, refused ones included.</p>
          <button type="button" className="button button--sm button--secondary" onClick={() => void mutate()}>
            Refresh
          </button>
        </div>
        {data.requests.length === 0 ? (
          <p className={fields.fieldHint}>No requests yet.</p>
        ) : (
          <DataTable label="Request log" columns={['Time', 'Origin', 'Outcome', 'Latency']}>
            {data.requests.map((r, i) => (
              <tr role="row" key={`${r.at}-${i}`}>
                <Cell label="Time" className={styles.nowrap}>
                  <LocalDate iso={r.at} />
                </Cell>
                <Cell label="Origin">
                  <code>{r.origin ?? 'none'}</code>
                </Cell>
                <Cell label="Outcome">
                  <span className={clsx(r.outcome !== REQUEST_OK && styles.outcomeRefused)}>
                    {r.outcome === REQUEST_OK ? 'OK' : `${r.outcome} (${r.status})`}
                  </span>
                </Cell>
                <Cell label="Latency" className={styles.nowrap}>
                  {r.latencyMs.toFixed(1)} ms
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
