import {useContext, type ReactNode} from 'react';
import SelectField from '@site/src/components/select-field';
import SelectOptions from '@site/src/components/select-options';
import type {QuestionnaireItem} from '@intakekit/contract/questionnaire/index';
import {
  buildCondition,
  conditionTargets,
  conditionValue,
  defaultCondition,
  operatorsFor,
  withConditions,
  type Condition,
  type ConditionTarget,
} from '../../lib/conditions';
import type {ItemPath} from '../../lib/items';
import {OPERATOR_LABELS} from '../../lib/texts';
import {EditorDocumentContext, useEditorActions} from './editor-context';
import DeleteButton from './delete-button';
import styles from './editor.module.css';

const INPUT_TYPES: Partial<Record<string, string>> = {
  answerInteger: 'number',
  answerDecimal: 'number',
  answerDate: 'date',
  answerDateTime: 'datetime-local',
  answerTime: 'time',
};

/** The value picker that fits the question: yes/no, one of its options, or an input of its type. */
function ValuePicker(props: {
  target: ConditionTarget;
  condition: Condition;
  onValue: (value: string) => void;
  n: number;
}) {
  const {target, condition, onValue, n} = props;
  const value = conditionValue(condition);
  const label = `Value of condition ${n}`;
  if (condition.operator === 'exists' || target.key === 'answerBoolean') {
    const words = condition.operator === 'exists' ? ['Answered', 'Not answered'] : ['Yes', 'No'];
    return (
      <SelectField label={label} value={value || 'true'} onChange={(event) => onValue(event.target.value)}>
        <option value="true">{words[0]}</option>
        <option value="false">{words[1]}</option>
      </SelectField>
    );
  }
  if (target.options.length > 0) {
    return (
      <SelectField label={label} value={value} onChange={(event) => onValue(event.target.value)}>
        {target.options.map(({answer, label: optionLabel}) => {
          const code = String(answer.valueCoding?.code ?? answer.valueString ?? answer.valueInteger);
          return (
            <option key={code} value={code}>
              {optionLabel.text}
            </option>
          );
        })}
      </SelectField>
    );
  }
  return (
    <label className={styles.inline}>
      <span>{label}</span>
      <input
        className={styles.smallInput}
        type={INPUT_TYPES[target.key] ?? 'text'}
        step={target.key === 'answerDecimal' ? 'any' : undefined}
        value={value}
        onChange={(event) => onValue(event.target.value)}
      />
    </label>
  );
}

/** "Show only when": conditions on earlier questions, built from pickers, with all/any when there are several. */
export default function ConditionEditor({item, path}: {item: QuestionnaireItem; path: ItemPath}): ReactNode {
  const document = useContext(EditorDocumentContext);
  const {change} = useEditorActions();
  const targets = document ? conditionTargets(document, item.linkId) : [];
  const conditions = item.enableWhen ?? [];
  const set = (next: Condition[]) => change(path, (current) => withConditions(current, next));
  const replace = (index: number, condition: Condition) =>
    set(conditions.map((one, at) => (at === index ? condition : one)));
  return (
    <fieldset className={styles.fieldset}>
      <legend>Show only when</legend>
      {conditions.length === 0 ? <p className={styles.hint}>Always shown.</p> : null}
      {conditions.length > 1 ? (
        <SelectField
          label="Which conditions"
          value={item.enableBehavior ?? 'all'}
          onChange={(event) => {
            const enableBehavior = event.target.value as 'all' | 'any';
            change(path, (current) => ({...current, enableBehavior}));
          }}
        >
          <option value="all">All of them hold</option>
          <option value="any">Any of them holds</option>
        </SelectField>
      ) : null}
      <ol className={styles.options}>
        {conditions.map((condition, index) => {
          const target = targets.find((one) => one.linkId === condition.question);
          const n = index + 1;
          return (
            <li key={index} className={styles.condition}>
              <SelectField
                label={`Question of condition ${n}`}
                value={condition.question}
                onChange={(event) => {
                  const next = targets.find((one) => one.linkId === event.target.value);
                  if (next) replace(index, defaultCondition(next));
                }}
              >
                {target ? null : (
                  <option value={condition.question}>{condition.question} (not an earlier question)</option>
                )}
                {targets.map((one) => (
                  <option key={one.linkId} value={one.linkId}>
                    {one.label}
                  </option>
                ))}
              </SelectField>
              {target ? (
                <>
                  <SelectField
                    label={`Operator of condition ${n}`}
                    value={condition.operator}
                    onChange={(event) => {
                      const operator = event.target.value as Condition['operator'];
                      replace(
                        index,
                        buildCondition(target, operator, operator === 'exists' ? 'true' : conditionValue(condition)),
                      );
                    }}
                  >
                    <SelectOptions values={operatorsFor(target)} labels={OPERATOR_LABELS} />
                  </SelectField>
                  <ValuePicker
                    n={n}
                    target={target}
                    condition={condition}
                    onValue={(value) => replace(index, buildCondition(target, condition.operator, value))}
                  />
                </>
              ) : null}
              <DeleteButton
                label={`Delete condition ${n} of ${item.linkId}`}
                onClick={() => set(conditions.filter((_, at) => at !== index))}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button--sm button--secondary"
        disabled={targets.length === 0}
        onClick={() => {
          const last = targets.at(-1);
          if (last) set([...conditions, defaultCondition(last)]);
        }}
      >
        Add a condition
      </button>
      {targets.length === 0 ? (
        <p className={styles.hint}>A condition looks at a question asked before this one.</p>
      ) : null}
    </fieldset>
  );
}
