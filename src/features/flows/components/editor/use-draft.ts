import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import type {Questionnaire} from '@intakekit/contract/questionnaire/index';
import {addItem, deleteItem, itemAt, moveItem, newItem, renameItem, updateItem, type ItemPath} from '../../lib/items';
import type {EditorActions} from './editor-context';

const byId = (id: string): HTMLElement | null => window.document.getElementById(id);

/** Focus moves with a moved item: to the same button at its new place, or the other one at an end of its list. */
function focusMoved(linkId: string, by: -1 | 1): void {
  requestAnimationFrame(() => {
    const same = byId(`move-${by}-${linkId}`) as HTMLButtonElement | null;
    const other = byId(`move-${-by}-${linkId}`);
    (same && !same.disabled ? same : other)?.focus();
  });
}

/** Focus goes to the Delete button of the item that took the deleted one's place, else of the one before, else to Add. */
function focusAfterDelete(document: Questionnaire, path: ItemPath): void {
  const index = path.at(-1) ?? 0;
  const parent = path.slice(0, -1);
  const heir =
    itemAt(document, [...parent, index]) ?? (index > 0 ? itemAt(document, [...parent, index - 1]) : undefined);
  const owner = parent.length > 0 ? itemAt(document, parent)?.linkId : undefined;
  requestAnimationFrame(() => {
    const target = heir ? `delete-${heir.linkId}` : `add-question-${owner ?? ''}`;
    byId(target)?.focus();
  });
}

/**
 * The draft being edited: the saved document and the edited one, whether they differ, and the changes. A new saved
 * draft (after a save, or loaded again) replaces the edited one only when nothing is unsaved.
 */
export function useDraft(saved: Questionnaire) {
  const [base, setBase] = useState(saved);
  const [document, setDocument] = useState(saved);
  const dirty = document !== base;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (dirtyRef.current) return;
    setBase(saved);
    setDocument(saved);
  }, [saved]);

  const actions = useMemo<EditorActions>(
    () => ({
      change: (path, change) => setDocument((current) => updateItem(current, path, change)),
      rename: (path, linkId) => setDocument((current) => renameItem(current, path, linkId)),
      add: (parent, kind) => {
        setDocument((current) => addItem(current, parent, newItem(current, kind)).document);
      },
      move: (path, by) => {
        setDocument((current) => {
          const next = moveItem(current, path, by);
          // Run twice in strict mode: focusing twice is harmless.
          const linkId = itemAt(next.document, next.path)?.linkId;
          if (linkId !== undefined && next.document !== current) focusMoved(linkId, by);
          return next.document;
        });
      },
      remove: (path) =>
        setDocument((current) => {
          const next = deleteItem(current, path);
          focusAfterDelete(next, path);
          return next;
        }),
    }),
    [],
  );
  /** The saved draft is now this document (the API took it). */
  const markSaved = useCallback((document: Questionnaire) => setBase(document), []);
  return {document, setDocument, dirty, actions, markSaved};
}
