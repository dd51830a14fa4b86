import {useMemo, useState, type ReactNode} from 'react';
import DataTable, {HeaderRow} from '@site/src/components/data-table';
import EmptyState from '@site/src/components/empty-state';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Panel, {PageHeader, PanelLoading} from '@site/src/components/panel';
import {getErrorMessage} from '@site/src/lib/errors';
import {useActivity} from '../api/activity';
import {NO_FILTERS, datesInOrder, type ActivityFilters} from '../lib/filters';
import ActivityFiltersPanel, {type Dates} from './activity-filters';
import EventRow, {COLUMNS} from './event-row';
import {useExport} from './use-export';
import styles from './styles.module.css';

/** The /activity screen: the security events of the team (owners, admins) or one's own, filtered. */
export default function ActivityView(): ReactNode {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [dates, setDates] = useState<Dates>({from: '', to: ''});
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
  const changeDates = (next: Partial<Dates>) => {
    const merged = {...dates, ...next};
    setDates(merged);
    if (datesInOrder(merged)) change(merged);
  };

  const exporter = useExport(filters);

  let body: ReactNode;
  if (isLoading && !data) {
    body = <PanelLoading label="Loading the activity log..." />;
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
            onClick={exporter.run}
            disabled={exporter.exporting}
            aria-busy={exporter.exporting || undefined}
          >
            {exporter.exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        }
      />
      {exporter.error ? (
        <Notice variant="error" className={styles.notice}>
          {exporter.error}
        </Notice>
      ) : null}
      <ActivityFiltersPanel
        filters={filters}
        dates={dates}
        teamScope={scope === 'team'}
        people={people}
        datesError={datesError}
        onChange={change}
        onChangeDates={changeDates}
      />
      <Panel id="activity-events" title="Events" flush>
        {body}
      </Panel>
    </>
  );
}
