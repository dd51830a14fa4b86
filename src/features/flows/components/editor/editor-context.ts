import {createContext, useContext} from 'react';
import type {Questionnaire, QuestionnaireItem} from '@intakekit/contract/questionnaire/index';
import type {ItemPath} from '../../lib/items';

/** The editor's changes, stable for the editor's life, so a memoised row is not drawn again for a new callback. */
export interface EditorActions {
  change: (path: ItemPath, change: (item: QuestionnaireItem) => QuestionnaireItem) => void;
  /** A new linkId, which the conditions naming the old one follow. */
  rename: (path: ItemPath, linkId: string) => void;
  add: (parent: ItemPath, kind: 'question' | 'step') => void;
  move: (path: ItemPath, by: -1 | 1) => void;
  remove: (path: ItemPath) => void;
}

export const EditorActionsContext = createContext<EditorActions | null>(null);

/** The document as it is now: read only where the whole is needed (a condition's earlier questions). */
export const EditorDocumentContext = createContext<Questionnaire | null>(null);

export function useEditorActions(): EditorActions {
  const actions = useContext(EditorActionsContext);
  if (!actions) throw new Error('useEditorActions outside the flow editor');
  return actions;
}

/** A row's path as a string (`1.0`), so memoised rows compare it by value. */
export const pathKeyOf = (path: ItemPath): string => path.join('.');
export const pathOfKey = (key: string): ItemPath => (key === '' ? [] : key.split('.').map(Number));
