// Reads a Chromium trace (Tracing.start's JSON, as browser.startTracing returns it) of one page load: the
// renderer main thread's tasks over 50 ms, what ran inside each (the trace's own events, with their script's chunk,
// element and node counts) and, when the trace holds the V8 sampling profiler's samples, the functions that took
// each task's time. Kept apart from the section so a saved trace (bench/.work/long-tasks/*.json.gz) can be read again.
const LONG_MS = 50;
const TASK_NAMES = ['RunTask', 'ThreadControllerImpl::RunTask'];

// What a task's time went to, by the event whose self time it is (the rest is the task's own bookkeeping).
const GROUPS = {
  script: [
    'EvaluateScript',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'EventDispatch',
    'RunMicrotasks',
    'v8.runMicrotasks',
    'FireAnimationFrame',
    'FireIdleCallback',
    'XHRReadyStateChange',
    'XHRLoad',
    'HandlePostMessage',
    'V8.Execute',
    'v8.run',
    'v8.callFunction',
  ],
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation'],
  layout: ['Layout', 'UpdateLayerTree'],
  paint: ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'PaintImage', 'Decode Image', 'Commit', 'CompositeLayers'],
  gc: ['MinorGC', 'MajorGC', 'BlinkGC.AtomicPhase', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'V8.GC_MC_BACKGROUND_MARKING'],
  html: ['ParseHTML'],
  navigation: [
    'DocumentLoader::CommitNavigation',
    'DocumentLoader::BodyDataReceivedImpl',
    'HTMLDocumentParser::MaybeFetchQueuedPreloads',
    'Receive mojo message',
  ],
};
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([g, names]) => names.map((n) => [n, g])));
// Events worth naming in a task's breakdown (the others are counted in its split but not listed).
const NOTABLE = new Set([...GROUP_OF.keys()].filter((n) => !['V8.Execute', 'v8.run', 'v8.callFunction'].includes(n)));

/** `http://host/assets/js/main.1f2e3d4c.js` → `main`; a page URL → its path. */
export function chunkName(url) {
  if (!url) return '';
  try {
    const u = new URL(url);
    const file = u.pathname.split('/').pop() || u.pathname;
    if (!/\.(m?js|css)$/.test(file)) return u.pathname;
    return file.replace(/\.(m?js|css)$/, '').replace(/\.[0-9a-f]{6,}$/, '');
  } catch {
    return String(url);
  }
}

const ms = (us) => us / 1000;
const r1 = (x) => Math.round(x * 10) / 10;

function describe(e) {
  const a = e.args ?? {};
  const d = a.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
      return `evaluate ${chunkName(d.url) || 'inline script'}`;
    case 'v8.compile':
    case 'v8.compileModule':
      return `compile ${chunkName(d.url ?? a.fileName) || 'script'}`;
    case 'v8.evaluateModule':
      return 'evaluate module';
    case 'FunctionCall':
      return `call ${d.functionName || '(anonymous)'} (${chunkName(d.url)}${d.lineNumber ? `:${d.lineNumber}` : ''}${
        d.columnNumber ? `:${d.columnNumber}` : ''
      })`;
    case 'EventDispatch':
      return `event ${d.type}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'FireIdleCallback':
      return 'idle callback';
    case 'RunMicrotasks':
    case 'v8.runMicrotasks':
      return 'microtasks';
    case 'HandlePostMessage':
      return 'message (scheduler)';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles': {
      const n = a.elementCount ?? a.endData?.elementCount ?? a.beginData?.elementCount;
      return `style recalc${n !== undefined ? ` of ${n} elements` : ''}`;
    }
    case 'Layout': {
      const b = a.beginData ?? {};
      return `layout${b.totalObjects !== undefined ? ` of ${b.totalObjects} nodes (${b.dirtyObjects} dirty)` : ''}`;
    }
    case 'ParseHTML': {
      const b = a.beginData ?? {};
      const end = a.endData?.endLine;
      return `parse HTML${b.startLine !== undefined ? ` lines ${b.startLine}-${end ?? '?'}` : ''}`;
    }
    case 'DocumentLoader::CommitNavigation':
      return 'commit of the navigation';
    case 'DocumentLoader::BodyDataReceivedImpl':
      return 'HTML received';
    case 'HTMLDocumentParser::MaybeFetchQueuedPreloads':
      return 'preload scan';
    case 'Receive mojo message':
      return `IPC ${a.chrome_mojo_event_info?.mojo_interface_tag ?? ''}`.trim();
    case 'ParseAuthorStyleSheet':
      return `parse stylesheet ${chunkName(d.styleSheetUrl)}`;
    case 'MinorGC':
    case 'MajorGC': {
      const before = a.usedHeapSizeBefore;
      const after = a.usedHeapSizeAfter;
      return `${e.name === 'MinorGC' ? 'minor' : 'major'} GC${
        before ? ` ${Math.round(before / 1e6)}→${Math.round(after / 1e6)} MB` : ''
      }`;
    }
    default:
      return e.name;
  }
}

/** Complete (X) events per thread, B/E pairs turned into X, sorted by start then longest first. */
function completeEvents(events, pid, tid) {
  const out = [];
  const open = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.ph === 'X' && typeof e.dur === 'number') out.push(e);
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const i = open.findLastIndex((o) => o.name === e.name);
      if (i >= 0) {
        const [b] = open.splice(i, 1);
        out.push({...b, ph: 'X', dur: e.ts - b.ts, args: {...b.args, endData: e.args?.endData ?? e.args}});
      }
    }
  }
  return out.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/** Nests events (sorted by start, longest first) into a tree; each node gets `children` and `self` (µs). */
function nest(events) {
  const roots = [];
  const stack = [];
  for (const e of events) {
    const node = {e, children: [], self: e.dur};
    while (stack.length && stack.at(-1).e.ts + stack.at(-1).e.dur < e.ts + e.dur) stack.pop();
    if (stack.length) {
      stack.at(-1).children.push(node);
      stack.at(-1).self -= e.dur;
    } else roots.push(node);
    stack.push(node);
  }
  return roots;
}

/** The outermost notable events under `node`, each with its notable descendants. */
function notableUnder(node) {
  const out = [];
  for (const c of node.children) {
    if (NOTABLE.has(c.e.name)) out.push(c);
    else out.push(...notableUnder(c));
  }
  return out;
}

function flatten(node) {
  return [node, ...node.children.flatMap(flatten)];
}

/** The main thread of the document load of `pathname`: its navigationStart mark. */
function findNavigation(events, pathname) {
  const navs = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      (() => {
        try {
          return new URL(e.args.data.documentLoaderURL).pathname === pathname;
        } catch {
          return false;
        }
      })(),
  );
  return navs.at(-1) ?? null;
}

/** The V8 sampling profiler's samples of one thread: [{ts (µs), node}] with nodes by id. */
function profileSamples(events, pid, tid) {
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  const chosen = profiles.find((p) => p.tid === tid) ?? profiles[0];
  if (!chosen) return null;
  const nodes = new Map();
  const samples = [];
  let t = chosen.args?.data?.startTime ?? chosen.ts;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || e.id !== chosen.id) continue;
    const data = e.args?.data ?? {};
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      t += deltas[i] ?? 0;
      samples.push({ts: t, id: ids[i]});
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  return {nodes, samples};
}

function topFunctions(profile, start, end, limit = 6) {
  if (!profile) return undefined;
  const self = new Map();
  const {samples, nodes} = profile;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    if (s.ts < start || s.ts > end) continue;
    const next = samples[i + 1]?.ts ?? s.ts;
    const weight = Math.min(next - s.ts, 10_000);
    const frame = nodes.get(s.id)?.callFrame;
    if (!frame || ['(idle)', '(root)', '(program)'].includes(frame.functionName)) continue;
    const key = `${frame.functionName || '(anonymous)'} ${chunkName(frame.url) || frame.url || ''}${
      frame.url ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''
    }`.trim();
    self.set(key, (self.get(key) ?? 0) + weight);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([fn, us]) => ({fn, ms: r1(ms(us))}));
}

/**
 * The long tasks of the load of `pathname` in `trace` (an object with traceEvents, or the events array).
 * @returns {{tasks: object[], count: number, tbt: number, longest: number, mainThreadMs: number} | null}
 */
export function longTasks(trace, pathname) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const nav = findNavigation(events, pathname);
  if (!nav) return null;
  const {pid, tid} = nav;
  const all = completeEvents(events, pid, tid).filter((e) => e.ts >= nav.ts);
  const taskName = all.some((e) => e.name === 'RunTask') ? 'RunTask' : TASK_NAMES[1];
  // Top-level tasks only (a nested run loop runs tasks inside a task).
  const taskEvents = [];
  for (const e of all) {
    if (e.name !== taskName) continue;
    const outer = taskEvents.at(-1);
    if (!outer || e.ts >= outer.ts + outer.dur) taskEvents.push(e);
  }
  const profile = profileSamples(events, pid, tid);
  const tasks = [];
  let mainThreadUs = 0;
  let harnessTasks = 0;
  let from = 0;
  for (const task of taskEvents) {
    mainThreadUs += task.dur;
    if (task.dur <= LONG_MS * 1000) continue;
    while (from < all.length && all[from].ts < task.ts) from++;
    const inside = [];
    for (let i = from; i < all.length && all[i].ts <= task.ts + task.dur; i++)
      if (all[i] !== task && all[i].ts + all[i].dur <= task.ts + task.dur) inside.push(all[i]);
    const [node] = nest([task, ...inside]);
    // What posted the task, from the scheduler's own event for it (toplevel category).
    const source = inside.find((e) => e.name === TASK_NAMES[1])?.args?.src_func;
    const split = {};
    for (const n of flatten(node)) {
      const g = n === node || TASK_NAMES.includes(n.e.name) ? 'task' : (GROUP_OF.get(n.e.name) ?? 'other');
      split[g] = (split[g] ?? 0) + n.self;
    }
    const activities = notableUnder(node)
      .sort((a, b) => b.e.dur - a.e.dur)
      .filter((n) => n.e.dur >= 1000)
      .slice(0, 6)
      .map((n) => ({
        what: describe(n.e),
        ms: r1(ms(n.e.dur)),
        inside: flatten(n)
          .slice(1)
          .filter((c) => NOTABLE.has(c.e.name) && c.e.dur >= 3000)
          .sort((a, b) => b.e.dur - a.e.dur)
          .slice(0, 4)
          .map((c) => ({what: describe(c.e), ms: r1(ms(c.e.dur))})),
      }));
    // A DevTools command of the bench's own (an evaluation while it waits for the page to settle).
    const harness = notableUnder(node).some(
      (c) => c.e.name === 'Receive mojo message' && /DevToolsSession/.test(describe(c.e)) && c.e.dur > task.dur / 2,
    );
    if (harness) {
      harnessTasks++;
      continue;
    }
    tasks.push({
      startMs: r1(ms(node.e.ts - nav.ts)),
      source,
      durationMs: r1(ms(node.e.dur)),
      blockingMs: r1(ms(node.e.dur) - LONG_MS),
      split: Object.fromEntries(
        Object.entries(split)
          .filter(([, us]) => us >= 500)
          .sort((a, b) => b[1] - a[1])
          .map(([g, us]) => [g, r1(ms(us))]),
      ),
      activities,
      functions: topFunctions(profile, node.e.ts, node.e.ts + node.e.dur),
    });
  }
  return {
    tasks,
    count: tasks.length,
    tbt: r1(tasks.reduce((s, t) => s + t.blockingMs, 0)),
    longest: tasks.length ? Math.max(...tasks.map((t) => t.durationMs)) : 0,
    mainThreadMs: r1(ms(mainThreadUs)),
    harnessTasks,
    profiled: Boolean(profile),
  };
}

/** One line of text per task: `at 1234 ms, 180 ms: evaluate main 120 ms [compile main 20 ms]; ...`. */
export function taskLine(t) {
  const acts = t.activities
    .map(
      (a) =>
        `${a.what} ${a.ms} ms${a.inside.length ? ` [${a.inside.map((c) => `${c.what} ${c.ms}`).join(', ')}]` : ''}`,
    )
    .join('; ');
  const split = Object.entries(t.split)
    .map(([g, v]) => `${g} ${v}`)
    .join(', ');
  const fns = t.functions?.length ? `; top self time: ${t.functions.map((f) => `${f.fn} ${f.ms}`).join(', ')}` : '';
  const source = t.source ? ` (${t.source})` : '';
  return `at ${Math.round(t.startMs)} ms, ${t.durationMs} ms${source}: ${acts || 'no named event'} (split ms: ${split})${fns}`;
}
