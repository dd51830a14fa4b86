import {useId, useMemo, useState, type ReactNode} from 'react';
import DataTable, {HeaderRow} from '@site/src/components/data-table';
import EmptyState from '@site/src/components/empty-state';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Panel, {PageHeader} from '@site/src/components/panel';
import Spinner from '@site/src/components/spinner';
import {getErrorMessage} from '@site/src/lib/errors';
import {ACTIVITY_ACTIONS, ACTIVITY_ACTION_NAMES, type ActivityAction} from '@intakekit/contract/activity';
import type {ActivityEventBody} from '@intakekit/contract/schemas/activity';
import {exportActivity, useActivity} from '../api/activity';
import {NO_FILTERS, datesInOrder, type ActivityFilters} from '../lib/filters';
import styles from './styles.module.css';

const COLUMNS = ['Time', 'Person', 'Action', 'Target', 'IP address', 'Result'] as const;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, {dateStyle: 'medium', timeStyle: 'medium'});

/** Offers text as a file download (the CSV export). */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], {type: 'text/csv;charset=utf-8'}));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function EventRow({event}: {event: ActivityEventBody}): ReactNode {
  return (
    <tr role="row">
      <td role="cell" data-label="Time">
        <time dateTime={event.at}>{when(event.at)}</time>
      </td>
      <td role="cell" data-label="Person">
        {event.actor?.email ?? 'System'}
      </td>
      <td role="cell" data-label="Action">
        {ACTIVITY_ACTIONS[event.action]}
      </td>
      <td role="cell" data-label="Target">
        {event.target?.label ?? event.target?.id ?? '—'}
      </td>
      <td role="cell" data-label="IP address" title={event.userAgent ?? undefined}>
        {event.ipAddress ?? '—'}
      </td>
      <td role="cell" data-label="Result">
        <span className={event.result === 'success' ? styles.success : styles.failure}>
          {event.result === 'success' ? 'Success' : 'Failure'}
        </span>
      </td>
    </tr>
  );
}

/** The /activity screen: the security events of the team (owners, admins) or one's own, filtered. */
export default function ActivityView(): ReactNode {
  const id = useId();
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [dates, setDates] = useState({from: '', to: ''});
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const {data, error, isLoading, isValidating, size, setSize, mutate} = useActivity(filters);

  const events = useMemo(() => data?.flatMap((page) => page.events) ?? [], [data]);
  const scope = data?.[0]?.scope;
  const more = Boolean(data?.at(-1)?.nextCursor);
  const loadingMore = isValidating && size > (data?.length ?? 0);
  // People to filter by: those seen in the team's events so far (the filter keeps the chosen one listed).
  const people = useMemo(() => {
    const seen = new Map<string, string>();
    for (const e of events) if (e.actor?.id && e.actor.email) seen.set(e.actor.id, e.actor.email);
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
  }, [events]);
  const datesError = datesInOrder(dates) ? null : 'Pick a start date on or before the end date.';

  const change = (next: Partial<ActivityFilters>) => setFilters((current) => ({...current, ...next}));
  const changeDates = (next: Partial<typeof dates>) => {
    const merged = {...dates, ...next};
    setDates(merged);
    if (datesInOrder(merged)) change(merged);
  };

  const onExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      download(await exportActivity(filters), 'intakekit-activity.csv');
    } catch (failure) {
      setExportError(getErrorMessage(failure));
    } finally {
      setExporting(false);
    }
  };

  let body: ReactNode;
  if (isLoading && !data) {
    body = (
      <div className={styles.loading}>
        <Spinner label="Loading the activity log..." showLabel />
      </div>
    );
  } else if (error && !data) {
    body = (
      <LoadFailed
        title="The activity log could not be loaded."
        message={getErrorMessage(error)}
        onRetry={() => void mutate()}
      />
    );
  } else if (events.length === 0) {
    body = <EmptyState title="No events match these filters">Change or clear the filters to see more.</EmptyState>;
  } else {
    body = (
      <>
        <DataTable label="Activity events">
          <HeaderRow columns={COLUMNS} />
          <tbody role="rowgroup">
            {events.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </tbody>
        </DataTable>
        {more ? (
          <div className={styles.more}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void setSize(size + 1)}
              disabled={loadingMore}
              aria-busy={loadingMore || undefined}
            >
              {loadingMore ? 'Loading...' : 'Load more events'}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Activity"
        description={
          scope === 'own'
            ? 'Your own security events: sign-ins, password and two-factor changes, sessions, keys.'
            : "Your team's security events: sign-ins, password and two-factor changes, sessions, keys and members."
        }
        actions={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void onExport()}
            disabled={exporting}
            aria-busy={exporting || undefined}
          >
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        }
      />
      {exportError ? (
        <Notice variant="error" className={styles.notice}>
          {exportError}
        </Notice>
      ) : null}
      <Panel id="activity-filters" title="Filters">
        <form className={styles.filters} onSubmit={(e) => e.preventDefault()} aria-label="Filter the activity log">
          <div className={styles.field}>
            <label htmlFor={`${id}-action`}>Action</label>
            <select
              id={`${id}-action`}
              value={filters.action}
              onChange={(e) => change({action: e.target.value as ActivityAction | ''})}
            >
              <option value="">All actions</option>
              {ACTIVITY_ACTION_NAMES.map((name) => (
                <option key={name} value={name}>
                  {ACTIVITY_ACTIONS[name]}
                </option>
              ))}
            </select>
          </div>
          {scope === 'team' ? (
            <div className={styles.field}>
              <label htmlFor={`${id}-person`}>Person</label>
              <select id={`${id}-person`} value={filters.actorId} onChange={(e) => change({actorId: e.target.value})}>
                <option value="">Everyone</option>
                {people.map(([id, email]) => (
                  <option key={id} value={id}>
                    {email}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className={styles.field}>
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              value={dates.from}
              onChange={(e) => changeDates({from: e.target.value})}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              type="date"
              value={dates.to}
              onChange={(e) => changeDates({to: e.target.value})}
              aria-invalid={datesError ? true : undefined}
              aria-describedby={datesError ? 'activity-dates-error' : undefined}
            />
          </div>
        </form>
        {datesError ? (
          <p id="activity-dates-error" role="alert" className={styles.error}>
            {datesError}
          </p>
        ) : null}
        <p className={styles.hint}>Times are in your time zone; the date filters are UTC days.</p>
      </Panel>
      <Panel id="activity-events" title="Events" flush>
        {body}
      </Panel>
    </>
  );
}
