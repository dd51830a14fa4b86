import {useEffect, useRef, useState} from 'react';
import type {QuestionInput} from '@intakekit/contract/flows';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import {loadSdk, type Answers, type IntakeKitHandle} from '@site/src/lib/load-sdk';

/** The portal's previews run in the sandbox: what a reader submits is a sandbox submission of theirs. */
export const PREVIEW_ENV = 'sandbox';

export const SDK_FAILED_MESSAGE = 'Failed to load the IntakeKit SDK.';

export type RunStatus = 'loading' | 'starting' | 'ready' | 'complete' | 'failed';

export const STATUS_TEXT: Record<RunStatus, string> = {
  loading: 'Loading the SDK...',
  starting: 'Starting...',
  ready: 'Running',
  complete: 'Completed',
  failed: 'Failed',
};

export interface IntakeRun {
  /** The reader's sandbox key; nothing runs without one. */
  apiKey: string | undefined;
  flowId: string;
  /** Questions asked instead of the flow's own. */
  questions?: QuestionInput[];
  /** A new value runs the flow again from the start. */
  run: number;
  /** How long after the SDK has loaded `init` is called. */
  delayMs: number;
  /** A team flow's saved draft instead of its published version (the Flows page's preview). */
  preview?: boolean;
  /** The language the flow's texts are shown in, where it has them. */
  locale?: string;
}

/**
 * Runs the SDK this portal serves in the returned container with the key and flow: the status of the run, the
 * reason a run failed before it started, and the answers and the stored submission's id once the patient has finished.
 */
export function useIntakeRun({apiKey, flowId, questions, run, delayMs, preview, locale}: IntakeRun) {
  const {sdkCdnUrl, apiUrl} = usePortalFields();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [status, setStatus] = useState<RunStatus>('loading');
  const [detail, setDetail] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [submissionId, setSubmissionId] = useState<string | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!apiKey || !container) return undefined;
    let cancelled = false;
    let ready = false;
    let timer: number | undefined;
    let handle: IntakeKitHandle | undefined;
    setStatus('loading');
    setDetail(null);
    setAnswers(null);
    setSubmissionId(null);

    const fail = (error: unknown) => {
      if (cancelled) return;
      handle?.destroy();
      handle = undefined;
      setStatus('failed');
      setDetail(error instanceof Error ? error.message : null);
    };

    loadSdk(sdkCdnUrl).then((sdk) => {
      if (cancelled) return;
      setStatus('starting');
      timer = window.setTimeout(() => {
        try {
          handle = sdk.init({
            container,
            apiKey,
            flowId,
            questions,
            env: PREVIEW_ENV,
            apiBase: apiUrl,
            ...(preview && {preview}),
            ...(locale && {locale}),
          });
          handle
            .on('ready', () => {
              ready = true;
              if (!cancelled) setStatus('ready');
            })
            .on('complete', (event) => {
              if (cancelled) return;
              setStatus('complete');
              setAnswers(event.answers);
              setSubmissionId(event.submissionId);
            })
            .on('error', (error) => {
              // After it started, the widget shows its own messages; before, the run failed.
              if (!ready) fail(error);
            });
        } catch (error) {
          fail(error);
        }
      }, delayMs);
    }, fail);

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      handle?.destroy();
    };
    // The questions are a constant of the caller's (one per question type), never rebuilt between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey, flowId, run, sdkCdnUrl, apiUrl, delayMs, preview, locale]);

  return {containerRef, status, detail, answers, submissionId};
}
