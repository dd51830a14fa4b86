import {useContractForm} from '@site/src/components/form';
import {exportActivity} from '../api/activity';
import type {ActivityFilters} from '../lib/filters';

/** Offers text as a file download (the CSV export). */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], {type: 'text/csv;charset=utf-8'}));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * 'Export CSV' of the events the filters select, as a form with no fields: pending while the file is made
 * (react-hook-form's isSubmitting), and a failure is its error, said on the page.
 */
export function useExport(filters: ActivityFilters) {
  const form = useContractForm<Record<string, never>>({defaultValues: {}});
  const exporting = form.formState.isSubmitting;
  return {
    exporting,
    error: form.formError,
    run: () => {
      if (exporting) return;
      void form.submit(async () => download(await exportActivity(filters), 'intakekit-activity.csv'))();
    },
  };
}
