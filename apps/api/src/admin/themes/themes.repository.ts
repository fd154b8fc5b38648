import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Status } from '@app/contracts';
import { PLAYLIST_SUMMARY_JSON } from '../common/playlist-sql.js';
import { orderBy, type ListOrder } from '../common/list-query.dto.js';
import { ListWhere } from '../common/list-sql.js';
import type { AdminGroupDto, AdminGroupPlaylistDto, AdminThemeRowDto, ThemeSort } from './themes.dto.js';

const GROUP_COLUMNS = `g.id, g.title, g.status, g.position,
  (SELECT count(*)::int FROM group_playlists gp WHERE gp.group_id = g.id) AS number_of_playlists`;

/** A filtered view of the themes. */
export interface ThemeQuery {
  search?: string;
  status?: Status;
  from?: string;
  to?: string;
  playlistId?: number;
}

const THEME_SORT_COLUMNS: Record<ThemeSort, string> = {
  position: 'g.position',
  title: 'lower(g.title)',
  created: 'g.created_at',
  access: 'g.status',
};

@Injectable()
export class ThemesRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<AdminGroupDto[]> {
    return this.dataSource.query(`SELECT ${GROUP_COLUMNS} FROM groups g ORDER BY g.position`);
  }

  /** A page of the themes (a few hundred at most: no sort index needed) and how many match. */
  async page(
    query: ThemeQuery,
    order: ListOrder<ThemeSort>,
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminThemeRowDto[]; total: number }> {
    const where = new ListWhere().common({ title: 'g.title', status: 'g.status', created: 'g.created_at' }, query);
    if (query.playlistId !== undefined) {
      where.add(
        query.playlistId,
        (n) => `EXISTS (SELECT 1 FROM group_playlists gp WHERE gp.group_id = g.id AND gp.playlist_id = ${n})`,
      );
    }
    return where.page<AdminThemeRowDto>(
      this.dataSource,
      {
        select: `${GROUP_COLUMNS}, to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created`,
        from: 'groups g',
        order: orderBy(THEME_SORT_COLUMNS[order.sort], order.direction, 'g.id'),
      },
      limit,
      offset,
    );
  }

  async find(
    id: number,
    em: EntityManager = this.dataSource.manager,
  ): Promise<(AdminGroupDto & { revision: number }) | null> {
    const [row] = await em.query(`SELECT ${GROUP_COLUMNS}, g.revision FROM groups g WHERE g.id = $1`, [id]);
    return row ?? null;
  }

  async playlists(id: number): Promise<AdminGroupPlaylistDto[]> {
    const rows: { playlist: AdminGroupPlaylistDto }[] = await this.dataSource.query(
      `SELECT (${PLAYLIST_SUMMARY_JSON}::jsonb || jsonb_build_object('position', gp.position)) AS playlist
       FROM group_playlists gp JOIN playlists p ON p.id = gp.playlist_id
       WHERE gp.group_id = $1 ORDER BY gp.position`,
      [id],
    );
    return rows.map((row) => row.playlist);
  }

  async insert(em: EntityManager, title: string, status: number, position: number): Promise<number> {
    const [row] = await em.query('INSERT INTO groups (title, status, position) VALUES ($1, $2, $3) RETURNING id', [
      title,
      status,
      position,
    ]);
    return row.id;
  }

  async update(em: EntityManager, id: number, changes: { title?: string; status?: number }): Promise<void> {
    await em.query('UPDATE groups SET title = COALESCE($2, title), status = COALESCE($3, status) WHERE id = $1', [
      id,
      changes.title ?? null,
      changes.status ?? null,
    ]);
  }

  /** Deletes the theme; answers whether it existed and whether banners went with it. */
  async delete(em: EntityManager, id: number): Promise<{ existed: boolean; hadBanners: boolean }> {
    const banners: unknown[] = await em.query('SELECT 1 FROM banner_videos WHERE group_id = $1 LIMIT 1', [id]);
    const [, count] = await em.query('DELETE FROM groups WHERE id = $1', [id]);
    return { existed: count > 0, hadBanners: banners.length > 0 };
  }
}
