import { describe, expect, it } from '@jest/globals';
import { decideEnqueue, type EnqueueIntent, type EnqueueStep, type RunState } from './enqueue.js';
import { JobName } from './jobs.js';

const STATES: RunState[] = [
  undefined,
  'unknown',
  'waiting',
  'delayed',
  'prioritized',
  'waiting-children',
  'active',
  'completed',
  'failed',
];
const PENDING: RunState[] = ['waiting', 'delayed', 'prioritized', 'waiting-children'];
const INTENTS: EnqueueIntent[] = ['rerun', 'restore'];

describe('decideEnqueue (the one enqueue rule)', () => {
  // [intent, job, run under the id, its follow-up `-again`, what happens]
  const table: [EnqueueIntent, JobName, RunState, RunState, EnqueueStep][] = [
    // No job: add one, whoever asks.
    ['rerun', JobName.VideoTranscode, undefined, undefined, { add: 0, replace: [] }],
    ['restore', JobName.TrackExcerpt, undefined, undefined, { add: 0, replace: [] }],
    // Pending: one job, however often it is asked for.
    ['rerun', JobName.VideoTranscode, 'waiting', undefined, { keep: 0 }],
    ['rerun', JobName.ImageResize, 'delayed', undefined, { keep: 0 }],
    ['restore', JobName.VideoTranscode, 'waiting', undefined, { keep: 0 }],
    ['rerun', JobName.VideoTranscode, 'active', 'waiting', { keep: 1 }],
    // ...also when only the follow-up is pending (the api used to add a second run here).
    ['rerun', JobName.VideoTranscode, 'completed', 'waiting', { keep: 1 }],
    ['rerun', JobName.VideoTranscode, undefined, 'delayed', { keep: 1 }],
    // Running, for a change (api, seed, poster): one follow-up run in the other slot.
    ['rerun', JobName.VideoTranscode, 'active', undefined, { add: 1, replace: [] }],
    ['rerun', JobName.VideoTranscode, 'active', 'completed', { add: 1, replace: [1] }],
    ['rerun', JobName.VideoTranscode, 'active', 'failed', { add: 1, replace: [1] }],
    ['rerun', JobName.VideoTranscode, 'completed', 'active', { add: 0, replace: [0] }],
    ['rerun', JobName.VideoAnalyze, 'active', undefined, { add: 1, replace: [] }],
    ['rerun', JobName.VideoTranscode, 'active', 'active', { keep: 1 }],
    // Running, for lost work (reconciler): a running job is not lost; no follow-up.
    ['restore', JobName.VideoTranscode, 'active', undefined, { keep: 0 }],
    ['restore', JobName.VideoTranscode, 'active', 'completed', { keep: 0 }],
    ['restore', JobName.TrackFingerprint, 'completed', 'active', { keep: 1 }],
    // Completed: replaced (it would swallow the add), whoever asks.
    ['rerun', JobName.ImageResize, 'completed', undefined, { add: 0, replace: [0] }],
    ['restore', JobName.VideoTranscode, 'completed', undefined, { add: 0, replace: [0] }],
    ['restore', JobName.TrackFingerprint, 'completed', undefined, { add: 0, replace: [0] }],
    ['restore', JobName.TrackExcerpt, 'completed', 'completed', { add: 0, replace: [0, 1] }],
    // Failed: replaced for a change; for lost work only where Postgres records the failure.
    ['rerun', JobName.VideoTranscode, 'failed', undefined, { add: 0, replace: [0] }],
    ['rerun', JobName.TrackExcerpt, 'failed', undefined, { add: 0, replace: [0] }],
    ['restore', JobName.VideoTranscode, 'failed', undefined, { add: 0, replace: [0] }],
    ['restore', JobName.TrackExcerpt, 'failed', undefined, { keep: 0 }],
    ['restore', JobName.TrackFingerprint, 'completed', 'failed', { keep: 1 }],
    // A job removed between the lookup and its state counts as none.
    ['rerun', JobName.VideoTranscode, 'unknown', undefined, { add: 0, replace: [] }],
  ];
  it.each(table)('%s %s with runs [%s, %s]', (intent, name, main, followUp, step) => {
    expect(decideEnqueue(intent, name, [main, followUp])).toEqual(step);
  });

  const everyCase = INTENTS.flatMap((intent) =>
    Object.values(JobName).flatMap((name) =>
      STATES.flatMap((main) =>
        STATES.map((followUp) => ({ intent, name, runs: [main, followUp] as [RunState, RunState] })),
      ),
    ),
  );

  it('never adds a run beside a pending one, nor beside a running one for lost work', () => {
    for (const { intent, name, runs } of everyCase) {
      const step = decideEnqueue(intent, name, runs);
      if (runs.some((state) => PENDING.includes(state))) expect(step).toEqual({ keep: expect.any(Number) });
      if (intent === 'restore' && runs.includes('active')) expect(step).toEqual({ keep: expect.any(Number) });
    }
  });

  it('adds only into a free or finished slot, removing exactly the finished runs it replaces', () => {
    for (const { intent, name, runs } of everyCase) {
      const step = decideEnqueue(intent, name, runs);
      if ('keep' in step) {
        expect(runs[step.keep]).toBeDefined();
        expect(runs[step.keep]).not.toBe('unknown');
        continue;
      }
      expect([undefined, 'unknown', 'completed', 'failed']).toContain(runs[step.add]);
      for (const slot of step.replace) expect(['completed', 'failed']).toContain(runs[slot]);
      if (runs[step.add] === 'completed' || runs[step.add] === 'failed') expect(step.replace).toContain(step.add);
      // Never two runs at once for one change: a follow-up only beside one running run.
      expect(runs.filter((state) => state === 'active').length).toBeLessThan(2);
    }
  });
});
