import type {ReactNode} from 'react';
import SelectField from '@site/src/components/select-field';
import {
  SUPPORTED_ITEM_TYPES,
  isChoiceType as isChoice,
  type QuestionnaireItem,
} from '@intakekit/contract/questionnaire/index';
import type {ItemPath} from '../../lib/items';
import {ITEM_TYPE_LABELS} from '../../lib/texts';
import ConditionEditor from './condition-editor';
import {useEditorActions} from './editor-context';
import OptionEditor from './option-editor';
import styles from './editor.module.css';

const QUESTION_TYPES = SUPPORTED_ITEM_TYPES.filter((type) => type !== 'group');

/** The item with another type: options added for a choice (it needs some), dropped when it stops being one. */
function withType(item: QuestionnaireItem, type: QuestionnaireItem['type']): QuestionnaireItem {
  const {answerOption, answerValueSet, maxLength, ...rest} = item;
  const next: QuestionnaireItem = {...rest, type};
  if (isChoice(type)) {
    const options = answerOption?.length || answerValueSet ? {answerOption, answerValueSet} : null;
    return {
      ...next,
      ...(options ?? {
        answerOption: [
          {valueCoding: {code: 'option-1', display: 'Option 1'}},
          {valueCoding: {code: 'option-2', display: 'Option 2'}},
        ],
      }),
    };
  }
  return type === 'string' || type === 'text' ? {...next, ...(maxLength ? {maxLength} : {})} : next;
}

/** An item's settings: type, linkId, whether it must be answered, its options and its conditions. */
export default function ItemDetails({
  id,
  item,
  path,
}: {
  id: string;
  item: QuestionnaireItem;
  path: ItemPath;
}): ReactNode {
  const {change, rename} = useEditorActions();
  const isStep = item.type === 'group';
  const asks = !isStep && item.type !== 'display';
  return (
    <div id={id} className={styles.details} role="group" aria-label={`Details of ${item.linkId}`}>
      <div className={styles.detailRow}>
        {isStep ? null : (
          <SelectField
            label="Type"
            value={item.type}
            onChange={(event) =>
              change(path, (current) => withType(current, event.target.value as QuestionnaireItem['type']))
            }
          >
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {ITEM_TYPE_LABELS[type]} ({type})
              </option>
            ))}
          </SelectField>
        )}
        <label className={styles.inline}>
          <span>linkId</span>
          <input
            className={styles.smallInput}
            value={item.linkId}
            spellCheck={false}
            onChange={(event) => rename(path, event.target.value)}
          />
        </label>
        {asks ? (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={item.required === true}
              onChange={(event) => {
                const required = event.target.checked;
                change(path, ({required: _was, ...current}) => (required ? {...current, required} : current));
              }}
            />{' '}
            Required
          </label>
        ) : null}
      </div>
      {isChoice(item.type) ? <OptionEditor item={item} path={path} /> : null}
      <ConditionEditor item={item} path={path} />
    </div>
  );
}
