import type {ReactNode} from 'react';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';

/** An address of the API of this build, e.g. <ApiUrl path="/api/openapi.json" link />. */
export function ApiUrl({path = '', link = false}: {path?: string; link?: boolean}): ReactNode {
  const url = `${usePortalFields().apiUrl}${path}`;
  return link ? (
    <a href={url}>
      <code>{url}</code>
    </a>
  ) : (
    <code>{url}</code>
  );
}

/** An address of the SDK as this build publishes it, e.g. <SdkUrl path="/intake.js" />. */
export function SdkUrl({path = ''}: {path?: string}): ReactNode {
  return <code>{`${usePortalFields().sdkCdnUrl}${path}`}</code>;
}
