import type {ReactNode} from 'react';
import {SHOWN_ITEM_ELEMENTS, SUPPORTED_ITEM_TYPES} from '@intakekit/contract/questionnaire/types';
import {codeList} from './code-list';

/** The item types the widget shows, from the contract's list (the validator and the widget read the same one). */
export function ShownItemTypes(): ReactNode {
  return <>{codeList(SUPPORTED_ITEM_TYPES)}</>;
}

/** The elements of an item the widget uses, from the contract's list; `_text` carries the translations. */
export function ShownItemElements(): ReactNode {
  return <>{codeList(SHOWN_ITEM_ELEMENTS)}</>;
}
