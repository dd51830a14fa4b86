// A team's own flows through the API: created from a template and by import, the draft saved, versions published
// and frozen, compared and exported, archived, restored and deleted; each step in the activity log.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {signedIn} from '../helpers/accounts.js';
import {call, expectRefused, fixture} from './flow-helpers.js';

describe('team flows', () => {
  it('an owner creates, saves, publishes, compares, exports, archives, restores and deletes flows', async () => {
    const {app, mail, clock, config} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme', name: 'Olga Owner'});
    const who = {name: 'Olga Owner', email: 'owner@example.com'};

    // From a built-in template: the built-in flow as a Questionnaire, no notes.
    const fromTemplate = await call(app, owner, 'POST', '/api/flows', {
      flowId: 'clinic-intake',
      template: 'new-patient',
    });
    expect(fromTemplate.statusCode, fromTemplate.body).toBe(201);
    expect(fromTemplate.json()).toMatchObject({
      problems: [],
      flow: {
        flowId: 'clinic-intake',
        title: 'New patient',
        status: 'draft',
        latestVersion: null,
        publishedAt: null,
        hasUnpublishedChanges: true,
        sessionsLast7Days: 0,
        draftUpdatedBy: who,
        versions: [],
        draft: {
          resourceType: 'Questionnaire',
          item: expect.arrayContaining([expect.objectContaining({linkId: 'visitReason'})]),
        },
      },
    });

    // By import: a real PHQ-9, kept whole, with its "not shown" notes.
    const phq9 = fixture('asbi-phq9.json');
    const imported = await call(app, owner, 'POST', '/api/flows', {flowId: 'phq-9', questionnaire: phq9});
    expect(imported.statusCode, imported.body).toBe(201);
    const notes = imported.json().problems as Array<{severity: string; rule: string; path: string}>;
    expect(notes.length).toBe(13);
    expect(notes.every((note) => note.severity === 'note')).toBe(true);
    expect(imported.json().flow.draft).toEqual(phq9);
    expect(imported.json().flow.title).toBe(phq9['title']);

    // Publish: version 1 frozen with its number, date, who and note.
    clock.advance(60_000);
    const published = await call(app, owner, 'POST', '/api/flows/phq-9/publish', {note: '  First version.  '});
    expect(published.statusCode, published.body).toBe(201);
    const v1 = {number: 1, publishedAt: clock.now().toISOString(), publishedBy: who, note: 'First version.'};
    expect(published.json()).toEqual({version: v1});
    expectRefused(await call(app, owner, 'POST', '/api/flows/phq-9/publish', {}), 409, 'FLOW_UNCHANGED');
    expect((await call(app, owner, 'POST', '/api/flows/phq-9/publish', {})).json().error.message).toBe(
      'Nothing changed since version 1; edit the draft first.',
    );

    // A later draft save (with a script in a text, stored as text) changes the draft, never version 1.
    clock.advance(60_000);
    const changed = {...phq9, title: 'PHQ-9 <script>alert(1)</script>'};
    const saved = await call(app, owner, 'PUT', '/api/flows/phq-9/draft', {questionnaire: changed});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().flow).toMatchObject({
      title: 'PHQ-9 <script>alert(1)</script>',
      status: 'published',
      latestVersion: 1,
      hasUnpublishedChanges: true,
      draftUpdatedAt: clock.now().toISOString(),
      versions: [v1],
    });
    const version1 = await call(app, owner, 'GET', '/api/flows/phq-9/versions/1');
    expect(version1.json()).toEqual({version: {...v1, questionnaire: phq9}});
    clock.advance(60_000);
    const second = await call(app, owner, 'POST', '/api/flows/phq-9/publish', {note: 'Clearer title.'});
    expect(second.json().version).toMatchObject({number: 2, note: 'Clearer title.'});
    // Compare: both versions, each with its own document.
    expect((await call(app, owner, 'GET', '/api/flows/phq-9/versions/2')).json().version.questionnaire).toEqual(
      changed,
    );
    expect((await call(app, owner, 'GET', '/api/flows/phq-9/versions/1')).json().version.questionnaire).toEqual(phq9);
    expectRefused(await call(app, owner, 'GET', '/api/flows/phq-9/versions/3'), 404, 'FLOW_VERSION_NOT_FOUND');
    expectRefused(await call(app, owner, 'GET', '/api/flows/nope/versions/1'), 404, 'FLOW_NOT_FOUND');

    // The list: both flows by id, beside the built-in ones.
    const list = (await call(app, owner, 'GET', '/api/flows')).json();
    expect(list.flows.map((f: {flowId: string; status: string}) => [f.flowId, f.status])).toEqual([
      ['clinic-intake', 'draft'],
      ['phq-9', 'published'],
    ]);
    expect(list.flows[1]).toMatchObject({latestVersion: 2, hasUnpublishedChanges: false});
    expect(list.builtIn).toContainEqual({id: 'new-patient', name: 'New patient', version: '1'});

    // Export: a version (url, version, status active) and the draft, as FHIR JSON files.
    const url = `${config.portalUrl.replace(/\/+$/, '')}/fhir/Questionnaire/phq-9`;
    const exported = await call(app, owner, 'GET', '/api/flows/phq-9/export?version=1');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="phq-9-v1.json"');
    const {url: _u, version: _v, status: _s, ...body} = exported.json();
    const {url: _ou, version: _ov, status: _os, ...original} = phq9;
    expect(body).toEqual(original);
    expect(exported.json()).toMatchObject({url, version: '1', status: 'active'});
    expect(Object.keys(exported.json())[0]).toBe('resourceType');
    const draft = await call(app, owner, 'GET', '/api/flows/clinic-intake/export');
    expect(draft.headers['content-disposition']).toBe('attachment; filename="clinic-intake-draft.json"');
    expect(draft.json()).toMatchObject({status: 'draft', url: expect.stringMatching(/\/clinic-intake$/)});
    expect(draft.json().version).toBeUndefined();
    expectRefused(await call(app, owner, 'GET', '/api/flows/phq-9/export?version=9'), 404, 'FLOW_VERSION_NOT_FOUND');

    // Archive: kept, listed, readable; no draft change or publish until restored. A published flow is never deleted.
    expect((await call(app, owner, 'POST', '/api/flows/phq-9/archive')).json().flow.status).toBe('archived');
    expect((await call(app, owner, 'POST', '/api/flows/phq-9/archive')).statusCode).toBe(200);
    expectRefused(await call(app, owner, 'PUT', '/api/flows/phq-9/draft', {questionnaire: phq9}), 409, 'FLOW_ARCHIVED');
    expectRefused(await call(app, owner, 'POST', '/api/flows/phq-9/publish', {}), 409, 'FLOW_ARCHIVED');
    expect((await call(app, owner, 'GET', '/api/flows/phq-9/versions/2')).statusCode).toBe(200);
    expectRefused(await call(app, owner, 'DELETE', '/api/flows/phq-9'), 409, 'FLOW_PUBLISHED');
    expect((await call(app, owner, 'POST', '/api/flows/phq-9/restore')).json().flow).toMatchObject({
      status: 'published',
      latestVersion: 2,
    });
    expect((await call(app, owner, 'DELETE', '/api/flows/clinic-intake')).statusCode).toBe(204);
    expectRefused(await call(app, owner, 'GET', '/api/flows/clinic-intake'), 404, 'FLOW_NOT_FOUND');

    // Each step in the activity log once (the second archive changed nothing; draft saves are not logged).
    const events = (await call(app, owner, 'GET', '/api/activity')).json().events as Array<{
      action: string;
      target: {type: string; id: string; label: string} | null;
    }>;
    const flowEvents = events.filter((event) => event.action.startsWith('flow.')).reverse();
    expect(flowEvents.map((event) => [event.action, event.target?.id])).toEqual([
      ['flow.created', 'clinic-intake'],
      ['flow.created', 'phq-9'],
      ['flow.published', 'phq-9'],
      ['flow.published', 'phq-9'],
      ['flow.archived', 'phq-9'],
      ['flow.restored', 'phq-9'],
      ['flow.deleted', 'clinic-intake'],
    ]);
    expect(flowEvents[3]!.target).toMatchObject({
      type: 'flow',
      label: 'PHQ-9 <script>alert(1)</script> (phq-9, version 2)',
    });

    // The API reference: each operation tagged flows with a summary, and 422's body declares the problems.
    const openapi = (await app.inject({method: 'GET', url: '/api/openapi.json'})).json();
    const operations = Object.entries(openapi.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => path.startsWith('/api/flows'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(operations).toHaveLength(10);
    for (const operation of operations) expect(operation).toMatchObject({tags: ['flows'], summary: expect.any(String)});
    const invalid = openapi.paths['/api/flows/{flowId}/draft'].put.responses['422'].content['application/json'].schema;
    expect(invalid.properties.error.properties.details.properties.problems.type).toBe('array');
  });
});
