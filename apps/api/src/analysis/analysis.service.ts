import {
  BadRequestException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueueEvents, UnrecoverableError, type Job } from 'bullmq';
import { Repository } from 'typeorm';
import { AppConfig } from '@app/config';
import { JOB_QUEUE, JobName, QueueName, Status, analysisOffset } from '@app/contracts';
import { Video } from '@app/db';
import { QueueService } from '../queue/queue.service.js';

/** How long a person waits for the analysed window (DESIGN.md §2.12) at most. */
const ANALYSIS_TIMEOUT_MS = 15_000;

export interface AnalyzeInfo {
  /** The watermark code heard in the window, or null. */
  watermark: number | null;
  /** Landmark (hash, tick) pairs of the window, flattened, for the tracker's get_info_by_fp_nums. */
  footprint: number[];
  yt_link: string;
  /** The window actually analysed, in seconds from the start of the video. */
  offset: number;
}

/**
 * What the worker's video.analyze answers (apps/worker video-analyze.processor.ts): the
 * window cut where its track entries change, [start, end) on the video's timeline, each with
 * the watermark and footprint of its entry's audio alone.
 */
interface WindowSpan {
  start: number;
  end: number;
  watermark: number | null;
  footprint: number[];
}

/**
 * The span of the window a viewer at `position` is in: the first one not ended yet (a track
 * is the one playing until its end time), else the last.
 */
export function spanAt<T extends { end: number }>(spans: readonly T[], position: number): T | undefined {
  return spans.find((s) => position < s.end) ?? spans.at(-1);
}

/**
 * get_analyze_info: the worker's video.analyze job does the audio work (the api never runs
 * ffmpeg); the api waits for its answer, and gives up (removing a job that has not started)
 * when the person closes the request.
 */
@Injectable()
export class AnalysisService implements OnApplicationShutdown {
  private readonly events: QueueEvents;

  constructor(
    config: AppConfig,
    private readonly queues: QueueService,
    @InjectRepository(Video) private readonly videos: Repository<Video>,
  ) {
    this.events = new QueueEvents(QueueName.Analyze, {
      // A blocking reader: BullMQ requires (and would force) unlimited retries here.
      connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: config.REDIS_PREFIX,
    });
    this.events.on('error', () => undefined);
  }

  /**
   * The watermark and footprint of the window at `requestedOffset`, for the track playing at
   * `currentTime` (seconds into the video): the window is analysed once per offset, and the
   * answer is the part of it that this track owns.
   */
  async analyze(
    videoId: number,
    currentTime: number,
    requestedOffset: number,
    signal: AbortSignal,
  ): Promise<AnalyzeInfo> {
    const video = await this.videos.findOneBy({ id: videoId, status: Status.On });
    if (!video) throw new NotFoundException({ message: 'Video not found' });
    const offset = analysisOffset(requestedOffset, video.duration);
    if (!video.hlsMasterKey && !video.originalKey) {
      // Nothing of our own to listen to: the web app plays its yt_link.
      return { watermark: null, footprint: [], yt_link: video.ytLink, offset };
    }
    let job: Job;
    try {
      job = await this.queues.enqueue(JobName.VideoAnalyze, { videoId, offset });
    } catch {
      throw new ServiceUnavailableException({ message: 'Analysis is not available right now, please try again' });
    }
    const { spans } = await this.waitFor(job, signal);
    const span = spanAt(spans ?? [], currentTime);
    return { watermark: span?.watermark ?? null, footprint: span?.footprint ?? [], yt_link: video.ytLink, offset };
  }

  private async waitFor(job: Job, signal: AbortSignal): Promise<{ spans?: WindowSpan[] }> {
    const aborted = new Promise<never>((_, reject) => {
      const stop = () => reject(new Error('aborted'));
      if (signal.aborted) stop();
      signal.addEventListener('abort', stop, { once: true });
    });
    try {
      return await Promise.race([job.waitUntilFinished(this.events, ANALYSIS_TIMEOUT_MS), aborted]);
    } catch (error) {
      const message = (error as Error).message ?? '';
      if (signal.aborted) {
        // Nobody is waiting any more: drop the job unless a worker already has it.
        await job.remove().catch(() => undefined);
        throw new ServiceUnavailableException({ message: 'Analysis cancelled' });
      }
      if (/timed out|before finishing/i.test(message)) {
        await job.remove().catch(() => undefined);
        throw new ServiceUnavailableException({ message: 'Analysis is taking too long, please try again' });
      }
      // The worker refuses bad input for good (UnrecoverableError: a video without audio) and
      // says why; any other failure is ours (a tool that would not start, storage away), for
      // which the person may try again, and its words are not theirs to read.
      if (await this.refusedForGood(job)) throw new BadRequestException({ message: message || 'Analysis failed' });
      throw new ServiceUnavailableException({ message: 'Analysis failed, please try again' });
    }
  }

  private async refusedForGood(job: Job): Promise<boolean> {
    const failed = await this.queues
      .queue(JOB_QUEUE[JobName.VideoAnalyze])
      .getJob(job.id!)
      .catch(() => undefined);
    return failed?.stacktrace?.some((trace) => trace.startsWith(UnrecoverableError.name)) ?? false;
  }

  async onApplicationShutdown(): Promise<void> {
    // disconnect(), not close(): close() waits out a blocking read and stalls shutdown. After a
    // Redis blip disconnect() itself can hang (ioredis stuck reconnecting), so a stop waits 1 s
    // at most: nothing is lost, the connection only carries completion events.
    await Promise.race([this.events.disconnect(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}
