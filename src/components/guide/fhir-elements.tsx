import {Fragment, type ReactNode} from 'react';
import {SHOWN_ITEM_ELEMENTS, SUPPORTED_ITEM_TYPES} from '@intakekit/contract/questionnaire/types';

const codes = (names: readonly string[]) =>
  names.map((name, index) => (
    <Fragment key={name}>
      {index > 0 && ', '}
      <code>{name}</code>
    </Fragment>
  ));

/** The item types the widget shows, from the contract's list (the validator and the widget read the same one). */
export function ShownItemTypes(): ReactNode {
  return <>{codes(SUPPORTED_ITEM_TYPES)}</>;
}

/** The elements of an item the widget uses, from the contract's list; `_text` carries the translations. */
export function ShownItemElements(): ReactNode {
  return <>{codes(SHOWN_ITEM_ELEMENTS)}</>;
}
