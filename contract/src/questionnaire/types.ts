import type {Questionnaire, QuestionnaireItem} from '@medplum/fhirtypes';

export type {Questionnaire, QuestionnaireItem};

/** The item types the widget shows; any other type is kept in the document and listed as not shown. */
export const SUPPORTED_ITEM_TYPES = [
  'group',
  'display',
  'string',
  'text',
  'boolean',
  'date',
  'integer',
  'decimal',
  'time',
  'dateTime',
  'choice',
  'open-choice',
] as const;
export type SupportedItemType = (typeof SUPPORTED_ITEM_TYPES)[number];

export const isSupportedItemType = (type: unknown): type is SupportedItemType =>
  typeof type === 'string' && (SUPPORTED_ITEM_TYPES as readonly string[]).includes(type);

/** Choice items: options to pick from (open-choice adds an 'Other' text answer). */
export const isChoiceType = (type: string | undefined): boolean => type === 'choice' || type === 'open-choice';

/** Types that take no answer: a step (group) or text (display). */
export const isQuestionType = (type: string | undefined): boolean => type !== 'group' && type !== 'display';

/** The enableWhen operators the widget evaluates (all of FHIR R4's). */
export const ENABLE_WHEN_OPERATORS = ['exists', '=', '!=', '>', '<', '>=', '<='] as const;
export type EnableWhenOperator = (typeof ENABLE_WHEN_OPERATORS)[number];

/** The operators that need an order: numbers, dates, times and text, never a yes/no or a coded answer. */
export const ORDERED_OPERATORS: readonly EnableWhenOperator[] = ['>', '<', '>=', '<='];

/** The elements of an item the widget uses; any other element is kept and listed as not shown. */
export const SHOWN_ITEM_ELEMENTS: readonly string[] = [
  'linkId',
  'type',
  'text',
  '_text',
  'required',
  'repeats',
  'maxLength',
  'answerOption',
  'answerValueSet',
  'enableWhen',
  'enableBehavior',
  'initial',
  'item',
];

/** FHIR's translation extension, on `_text` of an item and `_display` of an option's Coding. */
export const TRANSLATION_EXTENSION_URL = 'http://hl7.org/fhir/StructureDefinition/translation';
