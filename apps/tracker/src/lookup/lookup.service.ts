import { BadRequestException, Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { AlbumTrack } from '@app/db';
import { FP_TICK_SECONDS, matchAcrossScales, type Fingerprint } from '@app/recognition';
import { toRecognisedTrack, type RecognisedTrack } from '../recognised/recognised-track.js';
import { FingerprintIndex } from './fingerprint-index.js';
import { FootprintLookupDto, WatermarkLookupDto, WM_PROTOCOL } from './lookup.dto.js';
import { LookupRepository } from './lookup.repository.js';

/** Spec viewer §3 "Analysis info": watermark_info and footprint_info. */
export interface WatermarkInfo {
  wm_track: RecognisedTrack;
  result_link: string;
}
export interface FootprintInfo {
  fp_track: RecognisedTrack;
  result_link: string;
}

/** `result` is null when nothing matched; `message` then says so. */
export interface LookupAnswer<T> {
  result: T | null;
  message?: string;
}

const NO_MATCH = { result: null, message: 'No match' } as const;
const NOT_PLAYING = { result: null, message: 'The match is not a track this video plays there' } as const;
/**
 * Share of the footprint's stretch of the timeline that an entry of the matched track must
 * cover. The worker's footprint holds one entry's audio, so a right answer lies inside that
 * entry (give or take the analysis' tick rounding).
 */
const MIN_ENTRY_COVER = 0.5;
const MAX_HASH = 0xffffff;
const MAX_TICK = 0x7fffffff;
/** Matched tracks' details kept per process (the catalogue's notifications clear them). */
const MAX_CACHED_TRACKS = 2000;

@Injectable()
export class LookupService {
  constructor(
    private readonly repository: LookupRepository,
    private readonly index: FingerprintIndex,
    private readonly config: AppConfig,
  ) {}

  /** A matched track's details as of the index's last catch-up: a query for each only after the catalogue changed. */
  private readonly tracks = new Map<number, AlbumTrack>();
  private tracksEpoch = -1;

  /** wm_numbers: the detected code followed by the protocol constants 156, 300, 400. */
  async byWatermark(body: WatermarkLookupDto): Promise<LookupAnswer<WatermarkInfo>> {
    const [code, ...protocol] = body.wm_numbers;
    if (protocol.some((value, i) => value !== WM_PROTOCOL[i])) {
      throw new BadRequestException({ message: `wm_numbers must be [code, ${WM_PROTOCOL.join(', ')}]` });
    }
    if (code <= 0) return NO_MATCH;
    const entry = await this.repository.findWatermarkCode(code);
    if (!entry?.albumTrackId) return NO_MATCH;
    if (body.video_id !== undefined && entry.videoId !== body.video_id) return NO_MATCH;
    const track = await this.repository.findTrackForAnswer(entry.albumTrackId);
    if (!track) return NO_MATCH;
    const wmTrack = toRecognisedTrack(track, this.config.PUBLIC_URL, { code });
    return { result: { wm_track: wmTrack, result_link: wmTrack.result_link } };
  }

  /** fp_numbers: landmark hashes and their ticks, flattened [hash0, tick0, hash1, tick1, ...]. */
  async byFootprint(body: FootprintLookupDto): Promise<LookupAnswer<FootprintInfo>> {
    const numbers = body.fp_numbers;
    if (numbers.length % 2 !== 0) {
      throw new BadRequestException({ message: 'fp_numbers must hold (hash, tick) pairs' });
    }
    const count = numbers.length / 2;
    const query: Fingerprint = { hashes: new Uint32Array(count), ticks: new Uint32Array(count), duration: 0 };
    for (let i = 0; i < count; i++) {
      const hash = numbers[2 * i];
      const tick = numbers[2 * i + 1];
      if (hash < 0 || hash > MAX_HASH || tick < 0 || tick > MAX_TICK) {
        throw new BadRequestException({ message: `fp_numbers pair ${i} is out of range` });
      }
      query.hashes[i] = hash;
      query.ticks[i] = tick;
    }
    // As heard, and when that finds nothing, across speed and pitch changes, in this process's
    // copy of the index once it holds every write committed before now.
    await this.index.catchUp();
    const match = await matchAcrossScales(query, (hashes) => this.index.lookup(hashes));
    if (!match) return NO_MATCH;
    if (body.video_id !== undefined && body.start_pos !== undefined) {
      if (!(await this.playsThere(body.video_id, body.start_pos, query, match.trackId))) return NOT_PLAYING;
    }
    const track = await this.matchedTrack(match.trackId);
    if (!track) return NO_MATCH;
    const fpTrack = toRecognisedTrack(track, this.config.PUBLIC_URL, {
      offset: Math.round(match.offsetSeconds * 1000) / 1000,
      score: match.score,
      speed: Math.round(match.speed * 10000) / 10000,
      pitch: Math.round(match.pitch * 10000) / 10000,
    });
    return { result: { fp_track: fpTrack, result_link: fpTrack.result_link } };
  }

  private async matchedTrack(id: number): Promise<AlbumTrack | null> {
    const epoch = this.index.catalogueEpoch;
    if (epoch !== this.tracksEpoch || this.tracks.size >= MAX_CACHED_TRACKS) {
      this.tracks.clear();
      this.tracksEpoch = epoch;
    }
    const cached = this.tracks.get(id);
    if (cached) return cached;
    const track = await this.repository.findTrackForAnswer(id);
    // Kept only if nothing changed while it was read.
    if (track && this.index.catalogueEpoch === epoch) this.tracks.set(id, track);
    return track;
  }

  /**
   * The footprint's ticks count from the window's start, `startPos` seconds into the video, so
   * the audio it heard is a stretch of the video's timeline: the matched track must be one of
   * the video's track entries covering most of that stretch. A video without entries cannot
   * be checked and passes.
   */
  private async playsThere(videoId: number, startPos: number, query: Fingerprint, trackId: number): Promise<boolean> {
    const entries = await this.repository.findTrackEntries(videoId);
    if (entries.length === 0) return true;
    let first = Infinity;
    let last = -Infinity;
    for (const tick of query.ticks) {
      if (tick < first) first = tick;
      if (tick > last) last = tick;
    }
    const from = startPos + first * FP_TICK_SECONDS;
    const to = startPos + last * FP_TICK_SECONDS;
    const length = Math.max(to - from, FP_TICK_SECONDS);
    return entries.some(
      (e) =>
        e.albumTrackId === trackId &&
        Math.min(to, e.endTime) - Math.max(from, e.startTime) >= MIN_ENTRY_COVER * length - FP_TICK_SECONDS,
    );
  }
}
