import clsx from 'clsx';
import styles from './styles.module.css';

export type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

/**
 * The classes that give an element a tone's text and background colours (Infima's contrast pairs); the shape is
 * the caller's own class. A border drawn from the tone can use `--ifm-alert-border-color`.
 */
export function toneClass(tone: Tone): string {
  return clsx(styles.toned, tone === 'neutral' ? styles.neutral : `alert--${tone}`);
}
