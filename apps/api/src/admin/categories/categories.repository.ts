import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Status } from '@app/contracts';
import type { AdminIdTitleDto } from '../common/answers.dto.js';
import { orderBy, type ListOrder } from '../common/list-query.dto.js';
import { ListWhere } from '../common/list-sql.js';
import type { AdminCategoryDto, CategorySort } from './categories.dto.js';

const CATEGORY_SORT_COLUMNS: Record<CategorySort, string> = { title: 'title', access: 'status' };

/** `image` says whether it has an icon until the service makes it the signed address. */
const CATEGORY_COLUMNS = 'id, title, status, icon_key IS NOT NULL AS has_icon, icon_key IS NOT NULL AS image';

@Injectable()
export class CategoriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<AdminCategoryDto[]> {
    return this.dataSource.query(`SELECT ${CATEGORY_COLUMNS} FROM categories ORDER BY id`);
  }

  /** A page of the categories and how many match (title text, access, a tag they carry). */
  async page(
    query: { search?: string; status?: Status; tagId?: number },
    order: ListOrder<CategorySort>,
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminCategoryDto[]; total: number }> {
    const where = new ListWhere().common({ title: 'title', status: 'status' }, query);
    if (query.tagId !== undefined) {
      where.add(
        query.tagId,
        (n) => `EXISTS (SELECT 1 FROM category_tags ct WHERE ct.category_id = categories.id AND ct.tag_id = ${n})`,
      );
    }
    return where.page<AdminCategoryDto>(
      this.dataSource,
      {
        select: CATEGORY_COLUMNS,
        from: 'categories',
        order: orderBy(CATEGORY_SORT_COLUMNS[order.sort], order.direction, 'id'),
      },
      limit,
      offset,
    );
  }

  async find(id: number): Promise<(AdminCategoryDto & { icon_key: string | null }) | null> {
    const [row] = await this.dataSource.query(`SELECT ${CATEGORY_COLUMNS}, icon_key FROM categories WHERE id = $1`, [
      id,
    ]);
    return row ?? null;
  }

  tags(id: number): Promise<AdminIdTitleDto[]> {
    return this.dataSource.query(
      `SELECT t.id, t.title FROM category_tags ct JOIN tags t ON t.id = ct.tag_id
       WHERE ct.category_id = $1 ORDER BY lower(t.title), t.id`,
      [id],
    );
  }

  async insert(title: string, status: Status): Promise<number> {
    const [row] = await this.dataSource.query('INSERT INTO categories (title, status) VALUES ($1, $2) RETURNING id', [
      title,
      status,
    ]);
    return row.id;
  }

  async update(id: number, title: string, status: Status): Promise<void> {
    await this.dataSource.query('UPDATE categories SET title = $2, status = $3 WHERE id = $1', [id, title, status]);
  }

  /** Points the category at a new icon and answers the key it replaced. */
  async swapIcon(id: number, iconKey: string): Promise<string | null> {
    const [[row]] = await this.dataSource.query(
      `UPDATE categories c SET icon_key = $2 FROM (SELECT id, icon_key FROM categories WHERE id = $1 FOR UPDATE) old
       WHERE c.id = old.id RETURNING old.icon_key AS previous`,
      [id, iconKey],
    );
    return row?.previous ?? null;
  }

  /** Deletes the category and answers its icon key; undefined when there was none. */
  async delete(id: number): Promise<{ iconKey: string | null } | undefined> {
    const [rows] = await this.dataSource.query('DELETE FROM categories WHERE id = $1 RETURNING icon_key', [id]);
    return rows[0] ? { iconKey: rows[0].icon_key } : undefined;
  }

  async tagExists(tagId: number): Promise<boolean> {
    return (await this.dataSource.query('SELECT 1 FROM tags WHERE id = $1', [tagId])).length > 0;
  }

  async addTag(categoryId: number, tagId: number): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO category_tags (category_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [categoryId, tagId],
    );
  }

  async removeTag(categoryId: number, tagId: number): Promise<boolean> {
    const [, count] = await this.dataSource.query('DELETE FROM category_tags WHERE category_id = $1 AND tag_id = $2', [
      categoryId,
      tagId,
    ]);
    return count > 0;
  }
}
