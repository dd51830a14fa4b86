import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Panel from '@site/src/components/panel';
import SectionRow from './section-row';
import styles from './styles.module.css';

interface ActionPanelProps {
  id: string;
  title: string;
  /** The button's words and look; it opens the panel's dialog. */
  label: string;
  danger?: boolean;
  disabled?: boolean;
  /** The sentence beside the button. */
  children: ReactNode;
  teamName: string;
  /** The dialog the button opens, given the team, whether it is open and how it closes. */
  dialog: (shown: {teamName: string; open: boolean; onClose: () => void}) => ReactNode;
}

/** A team panel of one sentence and one button that opens a dialog to confirm. */
export default function ActionPanel({
  id,
  title,
  label,
  danger,
  disabled,
  teamName,
  children,
  dialog,
}: ActionPanelProps): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <Panel id={id} title={title}>
      <SectionRow
        action={
          <button
            type="button"
            className={clsx('button', danger ? 'button--danger' : 'button--secondary', styles.sectionButton)}
            onClick={() => setOpen(true)}
            disabled={disabled}
          >
            {label}
          </button>
        }
      >
        {children}
      </SectionRow>
      {dialog({teamName, open, onClose: () => setOpen(false)})}
    </Panel>
  );
}
