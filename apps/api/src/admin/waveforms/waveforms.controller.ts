import { Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
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

  @Get('get_album_track_waveform/:albumTrackId')
  @ApiOperation({ summary: "The waveform of an album track's prelistening excerpt" })
  @ApiOkResponse({ type: WaveformDto })
  @ApiNotFoundResponse({ description: 'No such track, or no excerpt yet' })
  albumTrack(@IdParam('albumTrackId') albumTrackId: number): Promise<WaveformDto> {
    return this.waveforms.forAlbumTrack(albumTrackId);
  }
}
