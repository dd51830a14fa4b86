import {useMemo, useState, type ReactNode} from 'react';
import EmptyState from '@site/src/components/empty-state';
import Notice from '@site/src/components/notice';
import PagedTable from '@site/src/components/paged-table';
import Panel, {PageHeader} from '@site/src/components/panel';
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
  const pages = useActivity(filters);
  const {data} = pages;

  const events = useMemo(() => data?.flatMap((page) => page.events) ?? [], [data]);
  const scope = data?.[0]?.scope;
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
        <PagedTable
          pages={pages}
          label="Activity events"
          columns={COLUMNS}
          rows={events.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
          empty={
            <EmptyState title="No events match these filters">Change or clear the filters to see more.</EmptyState>
          }
          loadingLabel="Loading the activity log..."
          failedTitle="The activity log could not be loaded."
          moreLabel="Load more events"
        />
      </Panel>
    </>
  );
}
