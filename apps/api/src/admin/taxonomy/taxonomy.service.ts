import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { LISTED_NAME_PATTERN, tidyName } from '@app/contracts';
import { DataSource } from 'typeorm';
import { offsetOf } from '../../common/params.js';
import type {
  AdminTaxonomyChangeDto,
  AdminTaxonomyItemDto,
  AdminTaxonomyListDto,
  AdminTaxonomyQueryDto,
  TaxonomyKind,
} from './taxonomy.dto.js';
import { TaxonomyRepository } from './taxonomy.repository.js';

const NOUNS: Record<TaxonomyKind, string> = {
  tags: 'tag',
  video_genres: 'video genre',
  moods: 'mood',
  genres: 'genre',
  activities: 'activity',
};

const FORM_KINDS: readonly TaxonomyKind[] = ['tags', 'video_genres'];

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Tags, video genres, moods, genres and activities: list with what uses each, rename, merge
 * (every use moves to the other name in one transaction, none doubled) and delete.
 */
@Injectable()
export class TaxonomyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: TaxonomyRepository,
  ) {}

  async list(kind: TaxonomyKind, query: AdminTaxonomyQueryDto): Promise<AdminTaxonomyListDto> {
    const text = (query.q ?? '').trim();
    const [items, length] = await Promise.all([
      this.repository.list(kind, text, query.page_size, offsetOf(query.page, query.page_size)),
      this.repository.count(kind, text),
    ]);
    return { items, length };
  }

  async rename(kind: TaxonomyKind, id: number, title: string): Promise<AdminTaxonomyItemDto> {
    const name = tidyName(title);
    if (FORM_KINDS.includes(kind) && !LISTED_NAME_PATTERN.test(name)) {
      throw new BadRequestException({ message: 'Please, Provide Valid Name' });
    }
    await this.dataSource.transaction(async (em) => {
      if (!(await this.repository.lock(em, kind, [id])).has(id)) throw this.notFound(kind);
      if (!(await this.repository.rename(em, kind, id, name))) {
        throw new ConflictException({ message: `The ${NOUNS[kind]} "${name}" already exists; merge into it instead` });
      }
    });
    return this.find(kind, id);
  }

  async merge(kind: TaxonomyKind, id: number, into: number): Promise<AdminTaxonomyChangeDto> {
    if (id === into) throw new BadRequestException({ message: `A ${NOUNS[kind]} cannot be merged into itself` });
    return this.dataSource.transaction(async (em) => {
      const found = await this.repository.lock(em, kind, [id, into]);
      if (!found.has(id) || !found.has(into)) throw this.notFound(kind);
      const links = await this.repository.moveUses(em, kind, id, into);
      await this.repository.delete(em, kind, id);
      return {
        message: `Merged "${found.get(id)}" into "${found.get(into)}": ${plural(links, 'use')} moved`,
        links,
      };
    });
  }

  async delete(kind: TaxonomyKind, id: number): Promise<AdminTaxonomyChangeDto> {
    return this.dataSource.transaction(async (em) => {
      const found = await this.repository.lock(em, kind, [id]);
      if (!found.has(id)) throw this.notFound(kind);
      const links = await this.repository.uses(em, kind, id);
      await this.repository.delete(em, kind, id);
      return { message: `Deleted "${found.get(id)}" (${plural(links, 'use')} removed)`, links };
    });
  }

  private async find(kind: TaxonomyKind, id: number): Promise<AdminTaxonomyItemDto> {
    const item = await this.repository.item(kind, id);
    if (!item) throw this.notFound(kind);
    return item;
  }

  private notFound(kind: TaxonomyKind): NotFoundException {
    const noun = NOUNS[kind];
    return new NotFoundException({ message: `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found` });
  }
}
