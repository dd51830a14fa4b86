import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Panel from '@site/src/components/panel';
import RetryAlert from '@site/src/components/retry-alert';
import SelectField from '@site/src/components/select-field';
import {SDK_FAILED_MESSAGE, STATUS_TEXT, useIntakeRun} from '@site/src/hooks/use-intake-run';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import type {Questionnaire} from '@intakekit/contract/questionnaire/index';
import type {FlowDetail} from '@intakekit/contract/schemas/flows';
import {documentLanguages} from '../lib/translations';
import {FLOWS_TEXT} from '../lib/texts';
import styles from './page.module.css';

/**
 * The saved draft run by the real widget (the SDK this portal serves, `preview: true`) with the reader's sandbox key,
 * in each of its languages, at the page's width or a phone's (360 px). It starts when asked: each run is a session.
 */
export default function FlowPreview({flow, dirty}: {flow: FlowDetail; dirty: boolean}): ReactNode {
  const {key, isLoading} = useSandboxKey();
  const [run, setRun] = useState(0);
  const [locale, setLocale] = useState('');
  const [phone, setPhone] = useState(true);
  const languages = documentLanguages(flow.draft as Questionnaire);
  const {containerRef, status, detail} = useIntakeRun({
    apiKey: run > 0 ? key?.apiKey : undefined,
    flowId: flow.flowId,
    run,
    delayMs: 0,
    preview: true,
    locale: locale || undefined,
  });
  // A newly saved draft is what the preview shows next.
  useEffect(() => setRun((n) => (n > 0 ? n + 1 : n)), [flow.draftUpdatedAt]);

  let body: ReactNode;
  if (isLoading) body = null;
  else if (!key) {
    body = (
      <p>
        <Link to="/api-keys">Create a sandbox key</Link> to preview the draft with the widget.
      </p>
    );
  } else if (run === 0) {
    body = (
      <button type="button" className="button button--secondary" onClick={() => setRun(1)}>
        Run the preview
      </button>
    );
  } else {
    body = (
      <div
        className={clsx(styles.previewFrame, phone && styles.phoneFrame)}
        role="group"
        aria-label="Preview of the saved draft"
      >
        {status === 'loading' || status === 'starting' ? <p role="status">{STATUS_TEXT[status]}</p> : null}
        {status === 'failed' ? (
          <RetryAlert title={SDK_FAILED_MESSAGE} detail={detail} onRetry={() => setRun((n) => n + 1)} />
        ) : null}
        <div ref={containerRef} className={clsx(status === 'failed' && styles.hidden)} />
      </div>
    );
  }
  return (
    <Panel id="flow-preview" title="Live preview" description="The saved draft as patients see it, in your sandbox.">
      {dirty ? <p className={styles.muted}>{FLOWS_TEXT.previewSaveFirst}</p> : null}
      <div className={styles.compareRow}>
        <SelectField label="Language" value={locale} onChange={(event) => setLocale(event.target.value)}>
          <option value="">Default texts</option>
          {languages.map((lang) => (
            <option key={lang} value={lang}>
              {lang}
            </option>
          ))}
        </SelectField>
        <label className={styles.choice}>
          <input type="checkbox" checked={phone} onChange={(event) => setPhone(event.target.checked)} /> Phone width
          (360 px)
        </label>
      </div>
      {run > 0 ? (
        <button type="button" className="button button--sm button--secondary" onClick={() => setRun((n) => n + 1)}>
          Start again
        </button>
      ) : null}
      {body}
    </Panel>
  );
}
