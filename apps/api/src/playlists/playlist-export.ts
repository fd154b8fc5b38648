import ExcelJS from 'exceljs';
import type { PlaylistDetailDto } from '../catalogue/dto/playlist.dto.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** h:mm:ss rounded to whole seconds (spec viewer §3). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * `playlist_{title}.xlsx` as a Content-Disposition value: an ASCII fallback with anything
 * outside letters (with their marks: a Devanagari vowel sign is part of its word), digits,
 * spaces, `-` and `_` replaced, and the Unicode name in filename*.
 */
export function exportDisposition(title: string): string {
  const safe = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} _-]+/gu, '_')
    .trim()
    .slice(0, 100);
  const name = `playlist_${safe || 'untitled'}.xlsx`;
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/ /g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The playlist as a real workbook: one row per video with a link that opens it in the player. */
export async function buildPlaylistWorkbook(
  playlist: PlaylistDetailDto,
  publicUrl: string,
  groupId: number,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'CUVIEW TV';
  const sheet = workbook.addWorksheet(playlist.title.slice(0, 31).replace(/[*?:\\/[\]]/g, '_') || 'Playlist');
  sheet.columns = [
    { header: 'Position', key: 'position', width: 10 },
    { header: 'Title', key: 'title', width: 40 },
    { header: 'Artists', key: 'artists', width: 30 },
    { header: 'Composers', key: 'composers', width: 30 },
    { header: 'Duration', key: 'duration', width: 12 },
    { header: 'Link', key: 'link', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  const base = publicUrl.replace(/\/+$/, '');
  playlist.videos.forEach((video, index) => {
    const link = `${base}/home?g=${groupId}&p=${playlist.id}&v=${video.id}`;
    sheet.addRow({
      position: index + 1,
      title: video.title,
      artists: video.artists,
      composers: video.composers,
      duration: formatDuration(video.duration),
      link: { text: link, hyperlink: link },
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
