import {useId, type ReactNode} from 'react';
import Panel from '@site/src/components/panel';
import SelectOptions from '@site/src/components/select-options';
import {ACTIVITY_ACTIONS, ACTIVITY_ACTION_NAMES, type ActivityAction} from '@intakekit/contract/activity';
import type {ActivityFilters} from '../lib/filters';
import styles from './styles.module.css';

export interface Dates {
  from: string;
  to: string;
}

interface Props {
  filters: ActivityFilters;
  dates: Dates;
  /** The person filter is offered for the team's log only. */
  teamScope: boolean;
  /** [id, email] of the people seen in the events so far. */
  people: [string, string][];
  datesError: string | null;
  onChange: (next: Partial<ActivityFilters>) => void;
  onChangeDates: (next: Partial<Dates>) => void;
}

/** A filter's label above its control; the control gets the id the label names. */
function Filter({label, id, children}: {label: string; id: string; children: ReactNode}): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The Filters panel: action, person (team log), and the UTC days from and to; the list follows each change. */
export default function ActivityFiltersPanel({
  filters,
  dates,
  teamScope,
  people,
  datesError,
  onChange,
  onChangeDates,
}: Props): ReactNode {
  const id = useId();
  const dateInput = (edge: keyof Dates) => ({
    id: `${id}-${edge}`,
    className: styles.control,
    type: 'date',
    value: dates[edge],
    onChange: (e: {target: {value: string}}) => onChangeDates({[edge]: e.target.value}),
  });
  return (
    <Panel id="activity-filters" title="Filters">
      <form className={styles.filters} onSubmit={(e) => e.preventDefault()} aria-label="Filter the activity log">
        <Filter label="Action" id={`${id}-action`}>
          <select
            id={`${id}-action`}
            className={styles.control}
            value={filters.action}
            onChange={(e) => onChange({action: e.target.value as ActivityAction | ''})}
          >
            <option value="">All actions</option>
            <SelectOptions values={ACTIVITY_ACTION_NAMES} labels={ACTIVITY_ACTIONS} />
          </select>
        </Filter>
        {teamScope ? (
          <Filter label="Person" id={`${id}-person`}>
            <select
              id={`${id}-person`}
              className={styles.control}
              value={filters.actorId}
              onChange={(e) => onChange({actorId: e.target.value})}
            >
              <option value="">Everyone</option>
              {people.map(([personId, email]) => (
                <option key={personId} value={personId}>
                  {email}
                </option>
              ))}
            </select>
          </Filter>
        ) : null}
        <Filter label="From" id={`${id}-from`}>
          <input {...dateInput('from')} />
        </Filter>
        <Filter label="To" id={`${id}-to`}>
          <input
            {...dateInput('to')}
            aria-invalid={datesError ? true : undefined}
            aria-describedby={datesError ? 'activity-dates-error' : undefined}
          />
        </Filter>
      </form>
      {datesError ? (
        <p id="activity-dates-error" role="alert" className={styles.error}>
          {datesError}
        </p>
      ) : null}
      <p className={styles.hint}>Times are in your time zone; the date filters are UTC days.</p>
    </Panel>
  );
}
