import {useDeferredValue, useEffect, useMemo, useState, type ReactNode} from 'react';
import BusyButton from '@site/src/components/busy-button';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import {getErrorMessage, serverMessage} from '@site/src/lib/errors';
import {toMinute} from '@site/src/lib/local-time';
import {
  validateQuestionnaire,
  type Questionnaire,
  type QuestionnaireProblem,
} from '@intakekit/contract/questionnaire/index';
import type {FlowDetail} from '@intakekit/contract/schemas/flows';
import {useFlowActions} from '../../api/flows';
import {FLOWS_TEXT, countOf} from '../../lib/texts';
import ProblemList from '../problem-list';
import {EditorActionsContext, EditorDocumentContext} from './editor-context';
import {ItemList} from './item-list';
import JsonView from './json-view';
import TranslationsView from './translations-view';
import {useDraft} from './use-draft';
import {useUnsavedGuard} from './use-unsaved-guard';
import styles from './editor.module.css';

const VIEWS = {questions: 'Questions', translations: 'Translations', json: 'JSON'} as const;
type View = keyof typeof VIEWS;

/** The problems a refused save carries (422 INVALID_QUESTIONNAIRE's error.details). */
function refusedProblems(caught: unknown): QuestionnaireProblem[] {
  const body = (caught as {body?: {error?: {details?: {problems?: QuestionnaireProblem[]}}}}).body;
  return body?.error?.details?.problems ?? [];
}

interface Props {
  flow: FlowDetail;
  canManage: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/** The draft: its questions and steps, its translations and its JSON, checked as one types, saved with Save draft. */
export default function FlowEditor({flow, canManage, onDirtyChange}: Props): ReactNode {
  const draft = useDraft(flow.draft as Questionnaire);
  const {document, dirty, actions} = draft;
  const save = useFlowActions(flow.flowId).saveDraft;
  const [view, setView] = useState<View>('questions');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<
    {ok: true} | {ok: false; message: string; problems: QuestionnaireProblem[]} | null
  >(null);
  const guard = useUnsavedGuard(dirty);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Checked a moment behind the typing: a keystroke draws its row first.
  const checked = useDeferredValue(document);
  const problems = useMemo(() => validateQuestionnaire(checked).problems, [checked]);
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const readOnly = !canManage || flow.status === 'archived';

  const saveDraft = async () => {
    setSaving(true);
    setOutcome(null);
    try {
      await save.trigger(document);
      draft.markSaved(document);
      setOutcome({ok: true});
    } catch (caught) {
      setOutcome({
        ok: false,
        message: serverMessage(caught) ?? getErrorMessage(caught),
        problems: refusedProblems(caught),
      });
    } finally {
      setSaving(false);
    }
  };
  const by = flow.draftUpdatedBy ? ` by ${flow.draftUpdatedBy.name ?? flow.draftUpdatedBy.email}` : '';
  return (
    <Panel id="flow-draft" title="Draft" description={`Saved ${toMinute(flow.draftUpdatedAt)}${by}.`}>
      <div className={styles.viewSwitch} role="group" aria-label="Show">
        {(Object.keys(VIEWS) as View[]).map((one) => (
          <button
            key={one}
            type="button"
            className={`button button--sm ${view === one ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={view === one}
            onClick={() => setView(one)}
          >
            {VIEWS[one]}
          </button>
        ))}
      </div>
      <EditorActionsContext.Provider value={actions}>
        <EditorDocumentContext.Provider value={document}>
          {view === 'questions' ? (
            <>
              {readOnly ? null : (
                <label className={styles.titleField}>
                  <span>Title</span>
                  <input
                    className={styles.textInput}
                    value={document.title ?? ''}
                    onChange={(event) => {
                      const title = event.target.value;
                      draft.setDocument((current) => ({...current, title}));
                    }}
                  />
                </label>
              )}
              <ItemList items={document.item ?? []} parentKey="" readOnly={readOnly} />
              {readOnly ? null : (
                <div className={styles.addRow}>
                  {(['question', 'step'] as const).map((kind) => (
                    <button
                      key={kind}
                      id={kind === 'question' ? 'add-question-' : undefined}
                      type="button"
                      className="button button--sm button--secondary"
                      onClick={() => actions.add([], kind)}
                    >
                      Add a {kind}
                    </button>
                  ))}
                </div>
              )}
            </>
          ) : view === 'translations' ? (
            <TranslationsView
              document={document}
              readOnly={readOnly}
              onDocument={readOnly ? null : draft.setDocument}
            />
          ) : (
            <JsonView document={document} onChange={draft.setDocument} readOnly={readOnly} />
          )}
        </EditorDocumentContext.Provider>
      </EditorActionsContext.Provider>
      <div aria-live="polite">
        <ProblemList problems={problems} />
      </div>
      {readOnly ? null : (
        <div className={styles.saveBar}>
          <BusyButton
            className="button button--primary"
            busy={saving}
            busyLabel="Saving..."
            disabled={!dirty || errors > 0}
            onClick={() => void saveDraft()}
          >
            Save draft
          </BusyButton>
          <span className={styles.hint} role="status">
            {errors > 0
              ? `Fix the ${countOf(errors, 'problem')} to save.`
              : dirty
                ? FLOWS_TEXT.unsaved
                : outcome?.ok
                  ? 'Saved.'
                  : ''}
          </span>
        </div>
      )}
      {outcome && !outcome.ok ? (
        <Notice variant="error">
          {outcome.message}
          <ProblemList problems={outcome.problems} />
        </Notice>
      ) : null}
      <ConfirmDialog
        open={guard.leaving}
        onClose={guard.stay}
        title={FLOWS_TEXT.confirmLeave}
        description={FLOWS_TEXT.leaveConsequence}
        confirmLabel="Leave without saving"
        pendingLabel="Leaving..."
        pending={false}
        onConfirm={guard.leave}
      />
    </Panel>
  );
}
