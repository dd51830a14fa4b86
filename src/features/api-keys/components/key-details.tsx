import {useEffect, type ReactNode} from 'react';
import Panel from '@site/src/components/panel';
import type {ApiKey} from '@site/src/lib/api/keys';
import type {KeySettingsBody, KeySettingsLimits} from '@intakekit/contract/schemas/keys';
import {formatKeyType, keyLabel} from '../lib/format';
import KeySettingsForm from './key-settings-form';
import UsagePanel from './usage-panel';
import styles from './styles.module.css';

interface Props {
  apiKey: ApiKey;
  limits: KeySettingsLimits;
  canChange: boolean;
  onSave: (settings: KeySettingsBody) => Promise<unknown>;
  onClose: () => void;
}

/** One key's settings and usage, opened from its row; focus moves to its heading so the change is announced. */
export default function KeyDetails({apiKey, limits, canChange, onSave, onClose}: Props): ReactNode {
  useEffect(() => {
    const heading = document.getElementById('key-details-title');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [apiKey.id]);
  return (
    <div className={styles.details}>
      <Panel
        id="key-details"
        title={`Details: ${keyLabel(apiKey)}`}
        description={`${formatKeyType(apiKey.keyType)} key. Changes apply to the next request.`}
        aside={
          <button type="button" className="button button--sm button--secondary" onClick={onClose}>
            Close details
          </button>
        }
      >
        <KeySettingsForm key={apiKey.id} apiKey={apiKey} limits={limits} canChange={canChange} onSave={onSave} />
        <UsagePanel keyId={apiKey.id} />
      </Panel>
    </div>
  );
}
