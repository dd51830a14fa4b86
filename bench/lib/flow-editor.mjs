// Section 8: the Flows page's editor with a 200-question flow. The portal build and the site API (PGlite) as the
// other browser sections run them; the flow is created through the API (20 steps of 10 questions), the editor is
// opened signed in, and a person's typing into one question's text is measured with Chromium's performance
// timeline: the Event Timing API's duration of each keystroke (from the key press to the next paint, handlers and
// React's render included), the longest entry of each interaction. Goal: under 50 ms a keystroke.
import {figure, launchChromium, log, median, round, unavailable} from './common.mjs';
import {ensurePortalBuild} from './builds.mjs';
import {api, startSiteStack} from './stack.mjs';

const SECTION = 'flow-editor';
const FLOW_ID = 'bench-200';
const STEPS = 20;
const PER_STEP = 10;
const TYPED = 'Do you take any medication daily';
const GOAL_MS = 50;

/** A Questionnaire of STEPS groups of PER_STEP questions of the widget's types, a condition in each step. */
function questionnaire() {
  const types = ['string', 'boolean', 'integer', 'date', 'text', 'decimal', 'time', 'dateTime', 'string', 'choice'];
  return {
    resourceType: 'Questionnaire',
    status: 'draft',
    title: 'Bench: 200 questions',
    item: Array.from({length: STEPS}, (_, s) => ({
      linkId: `step-${s + 1}`,
      type: 'group',
      text: `Step ${s + 1}`,
      item: Array.from({length: PER_STEP}, (_, q) => {
        const type = types[q];
        const item = {linkId: `q-${s + 1}-${q + 1}`, type, text: `Question ${q + 1} of step ${s + 1}`};
        if (type === 'choice') {
          item.answerOption = ['Never', 'Sometimes', 'Often'].map((display, i) => ({
            valueCoding: {code: `c${i}`, display},
          }));
        }
        // The boolean of the step decides whether its last question is asked.
        if (q === PER_STEP - 1) item.enableWhen = [{question: `q-${s + 1}-2`, operator: '=', answerBoolean: true}];
        return item;
      }),
    })),
  };
}

const notMeasured = (note) =>
  unavailable({
    section: SECTION,
    name: 'editor keystroke, 200-question flow',
    unit: 'ms',
    goal: `< ${GOAL_MS} ms`,
    note,
  });

export async function run({runs = 3}) {
  await ensurePortalBuild();
  const stack = await startSiteStack({bare: false});
  const token = await stack.token();
  const created = await api(stack.apiUrl, 'POST', '/api/flows', {
    token,
    body: {flowId: FLOW_ID, questionnaire: questionnaire()},
  });
  if (created.status !== 201 && created.status !== 409) {
    return {figures: [notMeasured(`POST /api/flows answered ${created.status}`)], details: {}};
  }
  const browser = await launchChromium();
  const keystrokes = [];
  const loads = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({viewport: {width: 1280, height: 900}});
      const page = await context.newPage();
      await page.goto(`${stack.siteUrl}/login`);
      await page.evaluate((t) => localStorage.setItem('token', t), await stack.token());
      const t0 = Date.now();
      await page.goto(`${stack.siteUrl}/flows?flow=${FLOW_ID}`);
      const field = page.getByLabel(`Text of q-${STEPS}-1`, {exact: true});
      await field.waitFor({state: 'visible', timeout: 60_000});
      loads.push(Date.now() - t0);
      // Every keystroke's event timing entries (16 ms is the API's smallest threshold), grouped by interaction.
      await page.evaluate(() => {
        window.benchEvents = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.interactionId) window.benchEvents.push({id: entry.interactionId, duration: entry.duration});
          }
        }).observe({type: 'event', durationThreshold: 16, buffered: false});
      });
      await field.click();
      await field.press('End');
      // A person types a few keys a second; each key waits for the last one's frame.
      await page.keyboard.type(` ${TYPED}`, {delay: 60});
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
      const events = await page.evaluate(() => window.benchEvents);
      const byInteraction = new Map();
      for (const {id, duration} of events) byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
      // A keystroke under the 16 ms threshold leaves no entry: it counts as 16 ms at most.
      const measured = [...byInteraction.values()];
      const keys = TYPED.length + 1;
      keystrokes.push(...measured, ...Array(Math.max(0, keys - measured.length)).fill(16));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...keystrokes].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
  const med = median(keystrokes);
  log(`flow editor: keystroke median ${round(med, 1)} ms, p95 ${round(p95, 1)} ms, max ${round(sorted.at(-1), 1)} ms`);
  return {
    figures: [
      figure({
        section: SECTION,
        name: 'editor keystroke in a question text, 200-question flow (p95)',
        value: round(p95, 1),
        unit: 'ms',
        goal: `< ${GOAL_MS} ms`,
        check: (v) => v < GOAL_MS,
        note: `Event Timing duration (key press to next paint); median ${round(med, 1)} ms, max ${round(sorted.at(-1), 1)} ms over ${keystrokes.length} keystrokes in ${runs} runs (entries under 16 ms are not reported by Chromium and count as 16 ms)`,
      }),
      figure({
        section: SECTION,
        name: 'editor open with a 200-question flow (to the last step shown)',
        value: round(median(loads), 0),
        unit: 'ms',
        note: `median of ${runs}; signed in, API on loopback`,
      }),
    ],
    details: {keystrokes: keystrokes.map((v) => round(v, 1)), loads},
  };
}
