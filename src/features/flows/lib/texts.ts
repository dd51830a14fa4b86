// The Flows page's own words (the API's refusals and the validator's messages come from the contract).
import type {EnableWhenOperator, SupportedItemType} from '@intakekit/contract/questionnaire/index';
import type {FlowStatus} from '@intakekit/contract/team-flows';

export const FLOWS_TEXT = {
  title: 'Intake flows',
  description:
    'Your own intake flows as FHIR R4 Questionnaires: write them here or import them, publish versions, and run them by id with init({flowId}).',
  membersReadOnly:
    'Only owners and admins can create, edit, publish, archive or delete flows, or import and restore them.',
  list: {
    loading: 'Loading the flows...',
    failed: 'The flows could not be loaded.',
    empty: 'No flows of your own yet',
    emptyHint: 'Start from a built-in flow or import a Questionnaire you already have.',
  },
  flowLoadFailed: 'The flow could not be loaded.',
  notShown: 'Not shown by the widget',
  importHint: 'A FHIR R4 Questionnaire in JSON: choose its file or paste it.',
  notJson: 'This is not JSON: check the text you pasted or the file you chose.',
  confirmArchive: 'Archive this flow?',
  archiveConsequence:
    'Pages that name it get no new session until it is restored. Its versions and the submissions made with them are kept.',
  confirmDelete: 'Delete this flow?',
  deleteConsequence: 'It was never published, so no page runs it. Its draft is deleted. This cannot be undone.',
  unsaved: 'You have unsaved changes.',
  confirmLeave: 'Leave without saving?',
  leaveConsequence: 'The changes to the draft since it was last saved are lost.',
  noVersions: 'Not published yet. Publish the draft to give pages a version to run.',
  nothingChanged: 'Nothing changed between these two.',
  previewNoKey: 'Create a sandbox key to preview the draft with the widget.',
  previewSaveFirst: 'The preview shows the saved draft: save your changes to see them.',
} as const;

export const STATUS_LABELS: Readonly<Record<FlowStatus, string>> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** "3 problems", "1 note". */
export const countOf = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The item types the editor offers, in words (FHIR's own names beside them in the picker). */
export const ITEM_TYPE_LABELS = {
  group: 'Step',
  display: 'Text to read',
  string: 'Short text',
  text: 'Long text',
  boolean: 'Yes or no',
  date: 'Date',
  integer: 'Whole number',
  decimal: 'Number',
  time: 'Time',
  dateTime: 'Date and time',
  choice: 'Choice',
  'open-choice': 'Choice or other',
} as const satisfies Readonly<Record<SupportedItemType, string>>;

/** The operators of a condition, in words. */
export const OPERATOR_LABELS = {
  exists: 'is answered or not',
  '=': 'is',
  '!=': 'is not',
  '>': 'is more than',
  '<': 'is less than',
  '>=': 'is at least',
  '<=': 'is at most',
} as const satisfies Readonly<Record<EnableWhenOperator, string>>;
