import type {ReactNode} from 'react';
import {ENVIRONMENT_LABELS, KEY_TYPES} from '@intakekit/contract/api-keys';
import SelectField, {type SelectFieldProps} from '@site/src/components/select-field';
import SelectOptions from '@site/src/components/select-options';

interface Props extends Omit<SelectFieldProps, 'label' | 'children'> {
  /** A first option with the empty value, for a filter (e.g. All environments). */
  anyLabel?: string;
}

/** The sandbox or production choice of every form that makes, changes or filters something per environment. */
export default function EnvironmentSelect({anyLabel, ...select}: Props): ReactNode {
  return (
    <SelectField label="Environment" {...select}>
      {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
      <SelectOptions values={KEY_TYPES} labels={ENVIRONMENT_LABELS} />
    </SelectField>
  );
}
