import type {ReactNode} from 'react';
import type {QuestionnaireItem} from '@intakekit/contract/questionnaire/index';
import type {ItemPath} from '../../lib/items';
import {useEditorActions} from './editor-context';
import DeleteButton from './delete-button';
import styles from './editor.module.css';

type Option = NonNullable<QuestionnaireItem['answerOption']>[number];

/** The option with its label (a Coding's display, or the text of a text option) set. */
function withLabel(option: Option, label: string): Option {
  if (option.valueCoding) return {...option, valueCoding: {...option.valueCoding, display: label}};
  if (option.valueString !== undefined) return {...option, valueString: label};
  return option;
}

const labelOf = (option: Option): string =>
  option.valueCoding?.display ?? option.valueString ?? String(option.valueInteger ?? '');

/** A code no option of the item has yet. */
function freshCode(options: readonly Option[]): string {
  const codes = new Set(options.map((option) => option.valueCoding?.code));
  let n = options.length + 1;
  while (codes.has(`option-${n}`)) n += 1;
  return `option-${n}`;
}

/** A choice's options (answerOption): each label and code, added and deleted. A ValueSet's are edited in JSON. */
export default function OptionEditor({item, path}: {item: QuestionnaireItem; path: ItemPath}): ReactNode {
  const {change} = useEditorActions();
  const options = item.answerOption ?? [];
  const setOptions = (next: (options: Option[]) => Option[]) =>
    change(path, (current) => ({...current, answerOption: next([...(current.answerOption ?? [])])}));
  if (options.length === 0 && item.answerValueSet) {
    return (
      <p className={styles.hint}>
        Options from <code>{item.answerValueSet}</code>: change them in the JSON view.
      </p>
    );
  }
  return (
    <fieldset className={styles.fieldset}>
      <legend>Options</legend>
      <ol className={styles.options}>
        {options.map((option, index) => (
          <li key={index} className={styles.option}>
            <label className={styles.inline}>
              <span>Label {index + 1}</span>
              <input
                className={styles.smallInput}
                value={labelOf(option)}
                readOnly={option.valueInteger !== undefined}
                onChange={(event) => {
                  const label = event.target.value;
                  setOptions((all) => all.map((one, at) => (at === index ? withLabel(one, label) : one)));
                }}
              />
            </label>
            {option.valueCoding ? (
              <label className={styles.inline}>
                <span>Code {index + 1}</span>
                <input
                  className={styles.smallInput}
                  value={option.valueCoding.code ?? ''}
                  spellCheck={false}
                  onChange={(event) => {
                    const code = event.target.value;
                    setOptions((all) =>
                      all.map((one, at) => (at === index ? {...one, valueCoding: {...one.valueCoding, code}} : one)),
                    );
                  }}
                />
              </label>
            ) : null}
            <DeleteButton
              label={`Delete option ${index + 1} of ${item.linkId}`}
              onClick={() => setOptions((all) => all.filter((_, at) => at !== index))}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={() =>
          setOptions((all) => {
            const code = freshCode(all);
            return [...all, {valueCoding: {code, display: `Option ${all.length + 1}`}}];
          })
        }
      >
        Add an option
      </button>
    </fieldset>
  );
}
