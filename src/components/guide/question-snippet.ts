// Types only from the contract, and relative imports: plugins/llms-txt runs this in Node, where neither the
// contract's sources nor the `@site` alias resolve.
import type {FlowQuestion, OptionValue} from '@intakekit/contract/flows';
import {SANDBOX_KEY_PLACEHOLDER} from './sandbox-key-placeholder';

/** A value as JavaScript source, in the guide's style (single quotes). */
function literal(value: OptionValue): string {
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value);
}

/**
 * The `init` call that asks one question of your own instead of those of the flow `flowId`: the Question types
 * page's example of a type, as a reader copies it (the key is filled in like any snippet's) and as the page's
 * Markdown copy shows it.
 */
export function questionSnippet(question: FlowQuestion, flowId: string): string {
  const {id, question: text, type, required, options} = question;
  return [
    'IntakeKit.init({',
    "  container: '#intake',",
    `  apiKey: '${SANDBOX_KEY_PLACEHOLDER}',`,
    `  flowId: '${flowId}',`,
    '  questions: [',
    '    {',
    `      id: ${literal(id)},`,
    `      question: ${literal(text)},`,
    `      type: '${type}',`,
    `      required: ${required},`,
    ...(options
      ? [
          '      options: [',
          ...options.map((o) => `        {label: ${literal(o.label)}, value: ${literal(o.value)}},`),
          '      ],',
        ]
      : []),
    '    },',
    '  ],',
    '});',
  ].join('\n');
}
