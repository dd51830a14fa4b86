import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import {useFlows} from '../api/flows';
import {FLOWS_PAGE, flowPageHref} from '../lib/route';
import {STATUS_LABELS} from '../lib/texts';
import styles from './styles.module.css';

/**
 * The reader's team's own flows above the built-in ones in the guide, each linking to it on Intake flows. Shown once
 * loaded: the guide's static HTML and a failed load show the built-in flows alone.
 */
export function TeamFlows(): ReactNode {
  const {flows} = useFlows();
  if (!flows) return null;
  return (
    <section className={styles.flow} aria-labelledby="your-flows">
      <Heading as="h2" id="your-flows">
        Your team&apos;s flows
      </Heading>
      {flows.length === 0 ? (
        <p>
          None yet. <Link to={FLOWS_PAGE}>Write one on Intake flows</Link>, from a flow below or a FHIR Questionnaire.
        </p>
      ) : (
        <ul className={styles.teamFlows}>
          {flows.map((flow) => (
            <li key={flow.flowId}>
              <Link to={flowPageHref(flow.flowId)}>{flow.title}</Link> <code>flowId: &apos;{flow.flowId}&apos;</code>{' '}
              {STATUS_LABELS[flow.status]}
              {flow.latestVersion === null ? '' : `, version ${flow.latestVersion}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
