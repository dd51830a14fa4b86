import type {ReactNode} from 'react';
import {Cell} from '@site/src/components/data-table';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import type {SubmissionSummary} from '@intakekit/contract/schemas/submissions-portal';
import {ENVIRONMENT_LABELS} from '@intakekit/contract/api-keys';
import {toSecond as when} from '@site/src/lib/local-time';

export const COLUMNS = ['Time', 'Flow', 'Environment', 'Origin', 'Actions'] as const;

/** A flow's name where it is a built-in one, else its id. */
export const flowName = (flowId: string) => findFlow(flowId)?.name ?? flowId;

/** One submission: when it arrived, which flow and environment, from which page; View opens it. */
export default function SubmissionRow({
  submission,
  onView,
}: {
  submission: SubmissionSummary;
  onView: (submission: SubmissionSummary) => void;
}): ReactNode {
  const time = when(submission.createdAt);
  return (
    <tr role="row">
      <Cell label="Time">
        <time dateTime={submission.createdAt}>{time}</time>
      </Cell>
      <Cell label="Flow">{flowName(submission.flowId)}</Cell>
      <Cell label="Environment">{ENVIRONMENT_LABELS[submission.environment]}</Cell>
      <Cell label="Origin">{submission.origin ?? '—'}</Cell>
      <Cell label="Actions">
        <button
          type="button"
          className="button button--sm button--outline button--primary"
          aria-label={`View the submission of ${time}`}
          onClick={() => onView(submission)}
        >
          View
        </button>
      </Cell>
    </tr>
  );
}
