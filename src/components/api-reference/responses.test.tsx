import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import type {OperationEntry} from './openapi';
import {Responses} from './responses';

const reply = {description: 'x', content: {'application/json': {schema: {type: 'object', properties: {}}}}};

describe("an operation's responses", () => {
  // Integer-like keys already enumerate in ascending order; a range ('4XX') or 'default' follows in the document's.
  it('lists the statuses in ascending order, ranges after their codes, however the document orders them', () => {
    const entry: OperationEntry = {
      method: 'post',
      path: '/api/keys',
      anchor: 'post-api-keys',
      operation: {responses: {default: reply, '5XX': reply, '429': reply, '4XX': reply, '201': reply, '200': reply}},
    } as OperationEntry;
    const html = renderToStaticMarkup(<Responses entry={entry} />);
    const table = html.slice(0, html.indexOf('</table>'));
    const statuses = [...table.matchAll(/>(\d{3}|\dXX|default)</g)].map(([, status]) => status);
    expect(statuses).toEqual(['200', '201', '429', '4XX', '5XX', 'default']);
  });
});
