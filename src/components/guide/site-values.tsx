import type {ReactNode} from 'react';
import {useAuthStore} from '@site/src/stores/auth-store';
import {usePortalFields} from '@site/src/lib/site-config';
import styles from './styles.module.css';

/** The dashboard greeting: "Welcome back, Dana". */
export function Greeting({children}: {children?: ReactNode}): ReactNode {
  const user = useAuthStore((state) => state.user);
  const name = user?.name?.trim() || user?.email || 'developer';
  return (
    <header className={styles.greeting}>
      <p className={styles.eyebrow}>IntakeKit Developer</p>
      <h1 className={styles.greetingTitle}>Welcome back, {name}</h1>
      {children && <div className={styles.greetingText}>{children}</div>}
    </header>
  );
}

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
