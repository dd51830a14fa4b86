import {useEffect, useRef, useState, type ReactNode} from 'react';
import ListState from '@site/src/components/list-state';
import Panel, {PageHeader} from '@site/src/components/panel';
import {useAuthStore} from '@site/src/stores/auth-store';
import {managesSubmissions} from '@intakekit/contract/submissions';
import type {WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {useEndpointActions, useWebhookEndpoints} from '../api/endpoints';
import {SUBSCRIBABLE_EVENT_TYPES} from '../lib/endpoint-form';
import {WEBHOOKS_TEXT} from '../lib/texts';
import EndpointDetails from './endpoint-details';
import EndpointDialog from './endpoint-dialog';
import EndpointTable from './endpoint-table';
import TestInbox from './test-inbox';

/** The /webhooks screen: the endpoints, the test inbox, and the endpoint chosen with its secret and delivery log. */
export default function WebhooksView(): ReactNode {
  // Those who manage submissions manage where they are pushed: owners and admins, or a user without a team.
  const canManage = useAuthStore((s) => (s.user ? managesSubmissions(s.user.team?.role ?? null) : false));
  const list = useWebhookEndpoints();
  const {endpoints} = list;
  const actions = useEndpointActions();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const details = useRef<HTMLDivElement>(null);
  const selected = endpoints?.find((e) => e.id === selectedId) ?? endpoints?.[0] ?? null;
  const [deletedId, setDeletedId] = useState<string | null>(null);
  // Once the deleted endpoint has left the list (and its details with their buttons), focus goes to Add endpoint.
  useEffect(() => {
    if (!deletedId || endpoints?.some((e) => e.id === deletedId)) return;
    setDeletedId(null);
    addButton.current?.focus();
  }, [deletedId, endpoints]);

  const select = (endpoint: WebhookEndpoint) => {
    setSelectedId(endpoint.id);
    // The details replace what was below: the reader goes there, as a link to them would take them.
    requestAnimationFrame(() => details.current?.focus());
  };
  const addInbox = async (url: string) => {
    const {endpoint} = await actions.create.trigger({
      environment: 'sandbox',
      url,
      description: 'IntakeKit test inbox',
      eventTypes: [...SUBSCRIBABLE_EVENT_TYPES],
      payloadStyle: 'full',
    });
    setSelectedId(endpoint.id);
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={WEBHOOKS_TEXT.description}
        actions={
          <button ref={addButton} type="button" className="button button--primary" onClick={() => setDialog('add')}>
            Add endpoint
          </button>
        }
        readOnlyNote={canManage ? null : WEBHOOKS_TEXT.membersReadOnly}
      />
      <Panel id="webhook-endpoints" title="Endpoints" flush count={endpoints?.length}>
        <ListState items={endpoints} state={list} texts={WEBHOOKS_TEXT.list}>
          {(items) => <EndpointTable endpoints={items} selectedId={selected?.id ?? null} onSelect={select} />}
        </ListState>
      </Panel>
      <div ref={details} tabIndex={-1} aria-label="The endpoint shown" role="group">
        {selected ? (
          <EndpointDetails
            key={selected.id}
            endpoint={selected}
            canManage={canManage}
            onEdit={() => setDialog('edit')}
            onChange={(changes) => actions.update.trigger({id: selected.id, changes})}
            onDelete={async () => {
              await actions.remove.trigger(selected.id);
              setSelectedId(null);
              setDeletedId(selected.id);
            }}
          />
        ) : null}
      </div>
      <TestInbox endpoints={endpoints} canManage={canManage} onAddEndpoint={addInbox} />
      {canManage ? (
        <EndpointDialog
          open={dialog === 'add'}
          onClose={() => setDialog(null)}
          endpoint={null}
          onSave={async (body) => setSelectedId((await actions.create.trigger(body)).endpoint.id)}
        />
      ) : null}
      {canManage && selected ? (
        <EndpointDialog
          key={selected.id}
          open={dialog === 'edit'}
          onClose={() => setDialog(null)}
          endpoint={selected}
          onSave={(changes) => actions.update.trigger({id: selected.id, changes})}
        />
      ) : null}
    </>
  );
}
