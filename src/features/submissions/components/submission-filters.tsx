import type {ReactNode} from 'react';
import {KEY_TYPES} from '@intakekit/contract/api-keys';
import {FLOWS} from '@intakekit/contract/flow-catalogue';
import Panel from '@site/src/components/panel';
import SelectField from '@site/src/components/select-field';
import SelectOptions from '@site/src/components/select-options';
import {ENVIRONMENT_LABELS} from '@intakekit/contract/api-keys';
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
        <SelectField
          label="Environment"
          value={filters.environment}
          onChange={(e) => onChange({environment: e.target.value as SubmissionFilters['environment']})}
        >
          <option value="">All environments</option>
          <SelectOptions values={KEY_TYPES} labels={ENVIRONMENT_LABELS} />
        </SelectField>
      </form>
    </Panel>
  );
}
