import {useEffect, useMemo, useState, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import EmptyState from '@site/src/components/empty-state';
import LoadFailed from '@site/src/components/load-failed';
import PagedTable from '@site/src/components/paged-table';
import Panel, {PageHeader, PanelLoading} from '@site/src/components/panel';
import {getErrorMessage} from '@site/src/lib/errors';
import {useAuthStore} from '@site/src/stores/auth-store';
import type {KeyType} from '@intakekit/contract/api-keys';
import type {SubmissionSummary} from '@intakekit/contract/schemas/submissions-portal';
import {managesSubmissions} from '@intakekit/contract/submissions';
import {deleteSubmission, setRetention, useRetention, useSubmissions} from '../api/submissions';
import {SUBMISSION_PARAM} from '@site/src/lib/submission-link';
import {NO_FILTERS, type SubmissionFilters} from '../lib/filters';
import RetentionPanel from './retention-panel';
import SubmissionDialog from './submission-dialog';
import SubmissionFiltersPanel from './submission-filters';
import SubmissionRow, {COLUMNS} from './submission-row';

const LIST_WORDS = {
  label: 'Submissions',
  loadingLabel: 'Loading the submissions...',
  failedTitle: 'The submissions could not be loaded.',
  moreLabel: 'Load more submissions',
};

/** The /submissions screen: the team's (or one's own) submissions, their answers, and how long they are kept. */
export default function SubmissionsView(): ReactNode {
  const role = useAuthStore((s) => (s.user ? (s.user.team?.role ?? null) : null));
  const [filters, setFilters] = useState<SubmissionFilters>(NO_FILTERS);
  const [open, setOpen] = useState<SubmissionSummary | null>(null);
  const pages = useSubmissions(filters);
  const {data, mutate} = pages;
  const retention = useRetention();

  const submissions = useMemo(() => data?.flatMap((page) => page.submissions) ?? [], [data]);
  useOpenLinkedSubmission(submissions, setOpen);
  const filtered = filters.flowId !== '' || filters.environment !== '';

  const remove = async (submission: SubmissionSummary) => {
    try {
      await deleteSubmission(submission.id);
    } finally {
      await mutate();
    }
  };
  const saveRetention = async (environment: KeyType, days: number) => {
    await retention.mutate(await setRetention({environment, days}), {revalidate: false});
  };

  const rows = submissions.map((submission) => (
    <SubmissionRow key={submission.id} submission={submission} onView={setOpen} />
  ));
  const empty = filtered ? (
    <EmptyState title="No submissions match these filters">Change or clear the filters to see more.</EmptyState>
  ) : (
    <EmptyState title="No submissions yet">
      When a patient completes a form on your site, the answers appear here.
    </EmptyState>
  );

  return (
    <>
      <PageHeader
        title="Submissions"
        description="The answers patients sent through your forms, stored as FHIR QuestionnaireResponses."
      />
      <SubmissionFiltersPanel filters={filters} onChange={(next) => setFilters((f) => ({...f, ...next}))} />
      <Panel id="submission-list" title="Received" flush>
        <PagedTable {...LIST_WORDS} pages={pages} columns={COLUMNS} rows={rows} empty={empty} />
      </Panel>
      {retention.data ? (
        <RetentionPanel retention={retention.data} onSave={saveRetention} />
      ) : retention.error ? (
        <Panel id="submission-retention" title="Retention">
          <LoadFailed
            title="The retention could not be loaded."
            message={getErrorMessage(retention.error)}
            onRetry={() => void retention.mutate()}
          />
        </Panel>
      ) : (
        <Panel id="submission-retention" title="Retention">
          <PanelLoading label="Loading the retention..." />
        </Panel>
      )}
      <SubmissionDialog
        submission={open}
        role={role}
        canDelete={managesSubmissions(role)}
        onClose={() => setOpen(null)}
        onDelete={remove}
      />
    </>
  );
}

/**
 * Opens the submission the address names (`?submission=<id>`, the live demo's link) once the list holds it, and takes
 * the id out of the address so that closing the dialog is final.
 */
function useOpenLinkedSubmission(
  submissions: readonly SubmissionSummary[],
  open: (submission: SubmissionSummary) => void,
): void {
  const location = useLocation();
  const history = useHistory();
  const linked = new URLSearchParams(location.search).get(SUBMISSION_PARAM);
  useEffect(() => {
    const submission = linked ? submissions.find((s) => s.id === linked) : undefined;
    if (!submission) return;
    open(submission);
    history.replace({...location, search: ''});
  }, [linked, submissions, open, history, location]);
}
