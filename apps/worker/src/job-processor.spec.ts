import { describe, expect, it } from '@jest/globals';
import { JobName } from '@app/contracts';
import { indexProcessors, JobCatalogueError, type JobProcessor } from './job-processor.js';

const processor = (jobName: string, label = `${jobName}-processor`): JobProcessor =>
  Object.assign(Object.create({ constructor: { name: label } }) as object, {
    jobName: jobName as JobName,
    process: async () => undefined,
  }) as JobProcessor;

const all = () => Object.values(JobName).map((name) => processor(name));

describe('the job catalogue check at boot', () => {
  it('accepts exactly one processor per job', () => {
    const index = indexProcessors(all());
    expect([...index.keys()].sort()).toEqual(Object.values(JobName).sort());
  });

  it('refuses to start when a job has no processor, naming it', () => {
    const missing = all().filter((p) => p.jobName !== JobName.TrackExcerpt);
    expect(() => indexProcessors(missing)).toThrow(JobCatalogueError);
    expect(() => indexProcessors(missing)).toThrow('"track.excerpt" has no processor');
  });

  it('refuses two processors for one job', () => {
    const doubled = [...all(), processor(JobName.ImageResize, 'SecondImageProcessor')];
    expect(() => indexProcessors(doubled)).toThrow(/"image\.resize" has two processors/);
  });

  it('refuses a processor for a job the catalogue does not know', () => {
    expect(() => indexProcessors([...all(), processor('video.explode')])).toThrow(
      /"video\.explode", which is not in the job catalogue/,
    );
  });
});
