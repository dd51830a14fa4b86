import {Fragment, type ReactNode} from 'react';

/** Names as inline code, comma-separated, the way the guide's prose lists fields and types. */
export function codeList(names: readonly string[]): ReactNode {
  return names.map((name, index) => (
    <Fragment key={name}>
      {index > 0 && ', '}
      <code>{name}</code>
    </Fragment>
  ));
}
