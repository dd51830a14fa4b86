import {memo, useState, type ReactNode} from 'react';
import type {QuestionnaireItem} from '@intakekit/contract/questionnaire/index';
import {ITEM_TYPE_LABELS} from '../../lib/texts';
import {pathOfKey, useEditorActions} from './editor-context';
import ItemDetails from './item-details';
import DeleteButton from './delete-button';
import styles from './editor.module.css';

const typeLabel = (type: string): string => (ITEM_TYPE_LABELS as Record<string, string>)[type] ?? type;

/** Keys by linkId, or by place where an imported document repeats one (the validator says so). */
function keysOf(items: readonly QuestionnaireItem[]): string[] {
  const seen = new Set<string>();
  return items.map((item, index) => {
    const key = seen.has(item.linkId) ? `${item.linkId}#${index}` : item.linkId;
    seen.add(item.linkId);
    return key;
  });
}

interface ListProps {
  items: readonly QuestionnaireItem[];
  /** The list's owner: '' for the document, else the group's path key. */
  parentKey: string;
  readOnly: boolean;
}

/** A list of items, each a row; a step's own items are a list inside its row. */
export function ItemList({items, parentKey, readOnly}: ListProps): ReactNode {
  const keys = keysOf(items);
  return (
    <ol className={styles.items}>
      {items.map((item, index) => (
        <ItemRow
          key={keys[index]}
          item={item}
          pathKey={parentKey === '' ? String(index) : `${parentKey}.${index}`}
          first={index === 0}
          last={index === items.length - 1}
          readOnly={readOnly}
        />
      ))}
    </ol>
  );
}

interface RowProps {
  item: QuestionnaireItem;
  pathKey: string;
  first: boolean;
  last: boolean;
  readOnly: boolean;
}

/**
 * One item: its type, linkId and text in the row, Details (type, required, options, conditions), Move up, Move down
 * and Delete. Memoised: a keystroke in one row draws that row (and the steps around it) again, not the others.
 */
const ItemRow = memo(function ItemRow({item, pathKey, first, last, readOnly}: RowProps): ReactNode {
  const actions = useEditorActions();
  const [open, setOpen] = useState(false);
  const path = pathOfKey(pathKey);
  const isStep = item.type === 'group';
  const name = item.text ? `${item.text} (${item.linkId})` : item.linkId;
  const detailsId = `details-${pathKey}`;
  return (
    <li className={isStep ? styles.step : styles.row} aria-label={`${typeLabel(item.type)}: ${name}`}>
      <div className={styles.rowHead}>
        <span className={styles.type}>{typeLabel(item.type)}</span>
        <code className={styles.linkId}>{item.linkId}</code>
        {readOnly ? (
          <span className={styles.text}>{item.text}</span>
        ) : (
          <input
            className={styles.textInput}
            aria-label={`${isStep ? 'Title' : 'Text'} of ${item.linkId}`}
            value={item.text ?? ''}
            onChange={(event) => {
              const text = event.target.value;
              actions.change(path, (current) => ({...current, text}));
            }}
          />
        )}
        {item.required ? <span className={styles.required}>Required</span> : null}
        {item.enableWhen?.length ? <span className={styles.conditional}>Conditional</span> : null}
        {readOnly ? null : (
          <span className={styles.rowButtons}>
            <button
              type="button"
              className="button button--sm button--secondary"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={`Details of ${item.linkId}`}
              onClick={() => setOpen((was) => !was)}
            >
              Details
            </button>
            <button
              id={`move--1-${item.linkId}`}
              type="button"
              className="button button--sm button--secondary"
              disabled={first}
              aria-label={`Move up ${item.linkId}`}
              onClick={() => actions.move(path, -1)}
            >
              Move up
            </button>
            <button
              id={`move-1-${item.linkId}`}
              type="button"
              className="button button--sm button--secondary"
              disabled={last}
              aria-label={`Move down ${item.linkId}`}
              onClick={() => actions.move(path, 1)}
            >
              Move down
            </button>
            <DeleteButton
              id={`delete-${item.linkId}`}
              label={`Delete ${item.linkId}`}
              onClick={() => actions.remove(path)}
            />
          </span>
        )}
      </div>
      {open && !readOnly ? <ItemDetails id={detailsId} item={item} path={path} /> : null}
      {isStep ? (
        <div className={styles.stepBody}>
          <ItemList items={item.item ?? []} parentKey={pathKey} readOnly={readOnly} />
          {readOnly ? null : (
            <button
              id={`add-question-${item.linkId}`}
              type="button"
              className="button button--sm button--link"
              onClick={() => actions.add(path, 'question')}
              aria-label={`Add a question to ${item.linkId}`}
            >
              Add a question here
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
});
