import {useId, useState, type FormEvent, type ReactNode} from 'react';
import {apiClient, isApiError} from '@site/src/lib/api-client';
import {inputClassName} from '@site/src/components/form-field';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import {exampleRequest, exampleValue} from './examples';
import {STATUS_TEXT, type JsonSchema, type OperationEntry} from './openapi';
import {Disclosure} from './disclosure';
import styles from './tools.module.css';

interface Answer {
  status: number;
  body: unknown;
}

type Sent =
  {state: 'idle'} | {state: 'sending'} | {state: 'answered'; answer: Answer} | {state: 'failed'; message: string};

/** Parses the typed body; an empty box sends no body. */
function parseBody(text: string): {ok: true; value: unknown} | {ok: false; message: string} {
  if (text.trim() === '') return {ok: true, value: undefined};
  try {
    return {ok: true, value: JSON.parse(text) as unknown};
  } catch (error) {
    return {ok: false, message: `The body is not valid JSON: ${(error as Error).message}`};
  }
}

/**
 * Sends an operation's request from the page, as the reader: a session operation with their session (through the
 * portal's client, which keeps a rotated token), an SDK operation with their sandbox key, a public one with nothing.
 * What is typed here stays in this panel; no cookie is ever sent (the API takes bearer tokens only).
 */
function TryItForm({entry, body}: {entry: OperationEntry; body: JsonSchema | undefined}): ReactNode {
  const {apiUrl} = usePortalFields();
  const request = exampleRequest(entry, body);
  const {key} = useSandboxKey(request.auth === 'apiKey');
  const pathNames = [...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const [params, setParams] = useState<Record<string, string>>({});
  const [text, setText] = useState(() => (request.body ? JSON.stringify(exampleValue(body), null, 2) : ''));
  const [sent, setSent] = useState<Sent>({state: 'idle'});
  const id = useId();
  const label = `${entry.method.toUpperCase()} ${entry.path}`;
  const missingKey = request.auth === 'apiKey' && !key;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseBody(text);
    if (!parsed.ok) {
      setSent({state: 'failed', message: parsed.message});
      return;
    }
    const path = entry.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
    const method = entry.method.toUpperCase();
    setSent({state: 'sending'});
    try {
      if (request.auth === 'session') {
        let status = 0;
        const answer = await apiClient.request<unknown>(method, path, {
          body: parsed.value,
          onStatus: (s) => (status = s),
        });
        setSent({state: 'answered', answer: {status, body: answer}});
        return;
      }
      const response = await fetch(`${apiUrl}${path}`, {
        method,
        credentials: 'omit',
        headers: {
          ...(request.auth === 'apiKey' && key ? {Authorization: `Bearer ${key.apiKey}`} : {}),
          ...(parsed.value === undefined ? {} : {'Content-Type': 'application/json'}),
        },
        body: parsed.value === undefined ? undefined : JSON.stringify(parsed.value),
      });
      const raw = await response.text();
      let answer: unknown = raw;
      try {
        answer = raw ? (JSON.parse(raw) as unknown) : undefined;
      } catch {
        // Not JSON: shown as the text it is.
      }
      setSent({state: 'answered', answer: {status: response.status, body: answer}});
    } catch (error) {
      if (isApiError(error) && error.status > 0) {
        setSent({state: 'answered', answer: {status: error.status, body: error.body}});
      } else {
        setSent({state: 'failed', message: `The request failed: ${(error as Error).message}`});
      }
    }
  };

  return (
    <form className={styles.tryIt} onSubmit={(event) => void send(event)} aria-label={`Try ${label}`} noValidate>
      <p className={styles.tryNote}>
        {request.auth === 'session'
          ? 'Sent with your session, as you.'
          : request.auth === 'apiKey'
            ? key
              ? 'Sent with your sandbox key.'
              : 'Needs a sandbox key: create one on the API Keys page.'
            : 'A public call: sent without credentials.'}{' '}
        {entry.method !== 'get' && 'It is a real request: what it changes, it changes.'}
      </p>
      {pathNames.map((name) => (
        <div key={name} className={styles.tryField}>
          <label htmlFor={`${id}-${name}`}>{name}</label>
          <input
            id={`${id}-${name}`}
            className={inputClassName}
            value={params[name] ?? ''}
            onChange={(event) => setParams((all) => ({...all, [name]: event.target.value}))}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      ))}
      {request.body !== null || body ? (
        <div className={styles.tryField}>
          <label htmlFor={`${id}-body`}>Request body (JSON)</label>
          <textarea
            id={`${id}-body`}
            className={inputClassName}
            rows={Math.min(10, text.split('\n').length + 1)}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
          />
        </div>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--sm"
        disabled={sent.state === 'sending' || missingKey}
        aria-busy={sent.state === 'sending'}
      >
        {sent.state === 'sending' ? 'Sending...' : 'Send request'}
      </button>
      {sent.state === 'failed' && (
        <p role="alert" className={styles.tryError}>
          {sent.message}
        </p>
      )}
      {sent.state === 'answered' && (
        <div className={styles.tryAnswer} role="status">
          <p>
            Answer: <strong>HTTP {sent.answer.status}</strong> {STATUS_TEXT[String(sent.answer.status)] ?? ''}
          </p>
          {sent.answer.body !== undefined && (
            // Focusable: a long answer scrolls, and keyboard users must be able to scroll it.
            <pre tabIndex={0}>
              <code>
                {typeof sent.answer.body === 'string' ? sent.answer.body : JSON.stringify(sent.answer.body, null, 2)}
              </code>
            </pre>
          )}
        </div>
      )}
    </form>
  );
}

/** The 'Try it' button of an operation and, once pressed, its form. */
export function TryIt({entry, body}: {entry: OperationEntry; body: JsonSchema | undefined}): ReactNode {
  return (
    <Disclosure label="Try it" name={`Try it: ${entry.method.toUpperCase()} ${entry.path}`}>
      {() => <TryItForm entry={entry} body={body} />}
    </Disclosure>
  );
}
