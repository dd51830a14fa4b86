import {useId, useState, type ReactNode} from 'react';
import LoadFailed from '@site/src/components/load-failed';
import Panel, {PanelLoading} from '@site/src/components/panel';
import SelectField from '@site/src/components/select-field';
import {getErrorMessage} from '@site/src/lib/errors';
import {toMinute} from '@site/src/lib/local-time';
import type {Questionnaire} from '@intakekit/contract/questionnaire/index';
import type {FlowDetail} from '@intakekit/contract/schemas/flows';
import {downloadExport, useFlowVersion} from '../api/flows';
import {compareQuestionnaires} from '../lib/compare';
import {FLOWS_TEXT} from '../lib/texts';
import CompareView from './compare-view';
import styles from './page.module.css';

type Side = number | 'draft';

const sideOf = (value: string): Side => (value === 'draft' ? 'draft' : Number(value));

/** A document to compare: the saved draft, or a version fetched once. */
function useSide(flow: FlowDetail, side: Side) {
  const version = useFlowVersion(flow.flowId, side === 'draft' ? null : side);
  if (side === 'draft') return {document: flow.draft as Questionnaire, error: null, retry: () => undefined};
  const document = version.data?.version.questionnaire as Questionnaire | undefined;
  return {document, error: version.error as unknown, retry: () => void version.mutate()};
}

function Comparison({flow, from, to}: {flow: FlowDetail; from: Side; to: Side}): ReactNode {
  const before = useSide(flow, from);
  const after = useSide(flow, to);
  const failed = before.error ?? after.error;
  if (failed) {
    return <LoadFailed message={getErrorMessage(failed)} onRetry={() => (before.retry(), after.retry())} />;
  }
  if (!before.document || !after.document) return <PanelLoading label="Loading the versions..." />;
  return <CompareView comparison={compareQuestionnaires(before.document, after.document)} />;
}

/** The published versions (number, date, who, note), each to export, and two of them (or the draft) compared. */
export default function VersionsPanel({flow}: {flow: FlowDetail}): ReactNode {
  const latest = flow.versions[0]?.number ?? null;
  // What changed since the latest version, by default (the first version may be published while the page is open).
  const [picked, setFrom] = useState<Side | null>(null);
  const from = picked ?? latest ?? 'draft';
  const [to, setTo] = useState<Side>('draft');
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const sides = [...flow.versions.map((version) => version.number), 'draft' as const];
  const label = (side: Side) => (side === 'draft' ? 'Saved draft' : `Version ${side}`);
  const exportVersion = (number: number) =>
    downloadExport(flow.flowId, number).catch((caught: unknown) => setFailure(getErrorMessage(caught)));
  return (
    <Panel id="flow-versions" title="Versions">
      {flow.versions.length === 0 ? (
        <p>{FLOWS_TEXT.noVersions}</p>
      ) : (
        <ol className={styles.versions} aria-label="Published versions">
          {flow.versions.map((version) => (
            <li key={version.number} className={styles.version}>
              <span className={styles.strong}>Version {version.number}</span>
              <span className={styles.muted}>
                {toMinute(version.publishedAt)}
                {version.publishedBy ? ` by ${version.publishedBy.name ?? version.publishedBy.email}` : ''}
              </span>
              {version.note ? <span className={styles.note}>{version.note}</span> : null}
              <button
                type="button"
                className="button button--sm button--link"
                onClick={() => void exportVersion(version.number)}
                aria-label={`Export JSON of version ${version.number}`}
              >
                Export JSON
              </button>
            </li>
          ))}
        </ol>
      )}
      {failure ? <p role="alert">{failure}</p> : null}
      {flow.versions.length > 0 ? (
        <section aria-labelledby={headingId}>
          <h3 id={headingId} className={styles.subheading}>
            Compare
          </h3>
          <div className={styles.compareRow}>
            {(
              [
                ['From', from, setFrom],
                ['To', to, setTo],
              ] as const
            ).map(([name, value, choose]) => (
              <SelectField
                key={name}
                label={name}
                value={String(value)}
                onChange={(event) => choose(sideOf(event.target.value))}
              >
                {sides.map((side) => (
                  <option key={side} value={side}>
                    {label(side)}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          <div aria-live="polite">
            <Comparison flow={flow} from={from} to={to} />
          </div>
        </section>
      ) : null}
    </Panel>
  );
}
