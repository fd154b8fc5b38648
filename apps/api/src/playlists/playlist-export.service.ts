import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { DEFAULT_IDS } from '@app/contracts';
import { buildPlaylistWorkbook, exportDisposition, XLSX_TYPE } from './playlist-export.js';
import { PlaylistsService } from './playlists.service.js';

/** The group used in player links of a playlist shown in no group (spec viewer: default group 4). */
const DEFAULT_GROUP = DEFAULT_IDS.groups[0];

@Injectable()
export class PlaylistExportService {
  constructor(
    private readonly playlists: PlaylistsService,
    private readonly config: AppConfig,
  ) {}

  /** Any visible playlist may be exported by a signed-in user, as anyone may read it. */
  async export(playlistId: number): Promise<{ body: Buffer; type: string; disposition: string }> {
    const playlist = await this.playlists.detail(playlistId);
    const body = await buildPlaylistWorkbook(playlist, this.config.PUBLIC_URL, playlist.group_id ?? DEFAULT_GROUP);
    return { body, type: XLSX_TYPE, disposition: exportDisposition(playlist.title) };
  }
}
