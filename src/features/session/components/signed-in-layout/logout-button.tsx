import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useSignOut} from '@site/src/stores/use-sign-out';
import ShellIcon from './shell-icon';
import styles from './logout-button.module.css';

/** 'Log out' at the foot of the sidebar: ends the session on the server too, and waits (disabled) while it does. */
export default function LogoutButton(): ReactNode {
  const [leaving, setLeaving] = useState(false);
  const signOut = useSignOut({callServer: true});
  const onLogout = () => {
    setLeaving(true);
    signOut();
  };
  return (
    <button type="button" className={clsx('clean-btn', styles.logout)} onClick={onLogout} disabled={leaving}>
      <ShellIcon name="logout" size={18} />
      <span>Log out</span>
    </button>
  );
}
