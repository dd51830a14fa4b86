import type {ReactNode} from 'react';
import {FLOWS} from '@intakekit/contract/flow-catalogue';
import EnvironmentSelect from '@site/src/components/environment-select';
import Panel from '@site/src/components/panel';
import SelectField from '@site/src/components/select-field';
import SelectOptions from '@site/src/components/select-options';
import type {SubmissionFilters} from '../lib/filters';
import styles from './styles.module.css';

const FLOW_IDS = FLOWS.map((flow) => flow.id);
const FLOW_NAMES = Object.fromEntries(FLOWS.map((flow) => [flow.id, flow.name]));

/** The Filters panel: flow and environment; the list follows each change. */
export default function SubmissionFiltersPanel({
  filters,
  onChange,
}: {
  filters: SubmissionFilters;
  onChange: (next: Partial<SubmissionFilters>) => void;
}): ReactNode {
  return (
    <Panel id="submission-filters" title="Filters">
      <form className={styles.filters} onSubmit={(e) => e.preventDefault()} aria-label="Filter the submissions">
        <SelectField label="Flow" value={filters.flowId} onChange={(e) => onChange({flowId: e.target.value})}>
          <option value="">All flows</option>
          <SelectOptions values={FLOW_IDS} labels={FLOW_NAMES} />
        </SelectField>
        <EnvironmentSelect
          anyLabel="All environments"
          value={filters.environment}
          onChange={(e) => onChange({environment: e.target.value as SubmissionFilters['environment']})}
        />
      </form>
    </Panel>
  );
}
