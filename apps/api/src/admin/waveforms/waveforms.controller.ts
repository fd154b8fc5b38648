import { BadRequestException, Get, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdParam } from '../../common/params.js';
import { AdminController } from '../common/admin-controller.js';
import { WaveformDto } from './waveforms.dto.js';
import { WaveformsService } from './waveforms.service.js';

/** The track wizard's waveforms (computed once by the worker). */
@AdminController()
export class WaveformsController {
  constructor(private readonly waveforms: WaveformsService) {}

  @Get('get_video_waveform/:videoId')
  @ApiOperation({ summary: "The waveform of a video's audio, on the video's timeline" })
  @ApiOkResponse({ type: WaveformDto })
  @ApiNotFoundResponse({ description: 'No such video, or no waveform yet (not transcoded, or no audio)' })
  video(@IdParam('videoId') videoId: number): Promise<WaveformDto> {
    return this.waveforms.forVideo(videoId);
  }

  @Get('get_upload_waveform')
  @ApiOperation({
    summary: 'The waveform of an upload not yet saved as a video (Add Video); 202 while the worker draws it',
  })
  @ApiQuery({ name: 'key', description: 'file_original_path_linux as upload_video/ answered it' })
  @ApiOkResponse({ type: WaveformDto })
  @ApiResponse({ status: 202, description: '{"pending": true}: being drawn, ask again (Retry-After)' })
  @ApiBadRequestResponse({ description: 'Not an upload of this server, or already saved as a video' })
  @ApiNotFoundResponse({ description: 'The audio of the file could not be read' })
  async upload(
    @Query('key') key: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WaveformDto | { pending: true }> {
    if (typeof key !== 'string' || !key)
      throw new BadRequestException({ message: 'Please, give the upload key (key)' });
    const answer = await this.waveforms.forUpload(key);
    if ('pending' in answer) void reply.status(202).header('retry-after', '2');
    return answer;
  }

  @Get('get_album_track_waveform/:albumTrackId')
  @ApiOperation({ summary: "The waveform of an album track's prelistening excerpt" })
  @ApiOkResponse({ type: WaveformDto })
  @ApiNotFoundResponse({ description: 'No such track, or no excerpt yet' })
  albumTrack(@IdParam('albumTrackId') albumTrackId: number): Promise<WaveformDto> {
    return this.waveforms.forAlbumTrack(albumTrackId);
  }
}
