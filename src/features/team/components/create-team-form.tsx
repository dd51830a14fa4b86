import type {ReactNode} from 'react';
import FormField from '@site/src/components/form-field';
import {ContractFormElement, FormSubmit, useContractForm} from '@site/src/components/form';
import Panel from '@site/src/components/panel';
import {useCreateTeam} from '../api/create-team';
import {actionFailure, FAILED} from '../lib/messages';
import {CREATE_TEAM} from '../lib/rules';
import styles from './invite-form.module.css';

const createFailure = (failure: unknown) => actionFailure(failure, FAILED.create);

/**
 * 'Create a team', for a user in no team: a name by the name rule every name keeps; they own the team and their
 * keys become its keys. A refusal (already in a team, a name the server refuses) is shown in the form.
 */
export default function CreateTeamForm(): ReactNode {
  const create = useCreateTeam();
  const form = useContractForm({
    rules: CREATE_TEAM,
    defaultValues: {name: ''},
    fieldOf: {INVALID_NAME: 'name', NAME_HAS_ADDRESS: 'name', NAME_INVISIBLE_CHARACTERS: 'name'},
    failureMessage: createFailure,
  });
  return (
    <Panel
      id="create-team"
      title="Create a team"
      description="You become its owner and can invite colleagues. Your API keys become the team's and keep working."
    >
      <ContractFormElement
        form={form}
        label="Create a team"
        errorClassName={styles.inviteNotice}
        onSubmit={(body) => create(body)}
      >
        <div className={styles.createFields}>
          <FormField
            label="Team name"
            autoComplete="organization"
            placeholder="Harbor Pediatrics"
            maxLength={80}
            {...form.field('name', {inline: true})}
          />
          <div className={styles.inviteSubmit}>
            <FormSubmit control={form.control} loadingText="Creating..." children="Create team" />
          </div>
        </div>
      </ContractFormElement>
    </Panel>
  );
}
