import { Injectable, NotFoundException } from '@nestjs/common';
import { ImageKind, Status } from '@app/contracts';
import type { AdminIdTitleDto, AdminMessageDto } from '../common/answers.dto.js';
import { parseStatus, refuseUnknownFields, requireTitle } from '../common/form-fields.js';
import type { ImageForm } from '../common/form-reader.js';
import { ImageForms } from '../common/image-forms.js';
import { StoredFiles } from '../common/stored-files.js';
import { accessStatus, listOrderOf } from '../common/list-query.dto.js';
import { offsetOf } from '../../common/params.js';
import type {
  AdminCategoryDto,
  AdminCategoryListQueryDto,
  AdminCategoryPageDto,
  AdminCategoryWithTagsDto,
} from './categories.dto.js';
import { CategoriesRepository } from './categories.repository.js';
import { StaffMediaUrls } from '../../media/staff-media-urls.js';

const FORM_FIELDS = ['title', 'status'];

@Injectable()
export class CategoriesService {
  constructor(
    private readonly repository: CategoriesRepository,
    private readonly images: ImageForms,
    private readonly files: StoredFiles,
    private readonly urls: StaffMediaUrls,
  ) {}

  async list(): Promise<AdminCategoryDto[]> {
    return (await this.repository.list()).map((row) => this.urls.withImage(ImageKind.Category, row));
  }

  /** GET admin/categories: by title, the order viewers see, unless sorted otherwise. */
  async browse(query: AdminCategoryListQueryDto): Promise<AdminCategoryPageDto> {
    const filter = { search: query.q || undefined, status: accessStatus(query.access), tagId: query.tag };
    const order = listOrderOf(query, { fallback: 'title', dated: [], rankSearch: false })!;
    const { rows, total } = await this.repository.page(
      filter,
      order,
      query.page_size,
      offsetOf(query.page, query.page_size),
    );
    return { categories: rows.map((row) => this.urls.withImage(ImageKind.Category, row)), categoryLength: total };
  }

  async get(id: number): Promise<AdminCategoryWithTagsDto> {
    const category = await this.require(id);
    const { icon_key: _iconKey, ...dto } = category;
    return { ...this.urls.withImage(ImageKind.Category, dto), tags: await this.repository.tags(id) };
  }

  /** add_category/: title required, status 0 unless given, icon JPEG or PNG. */
  async add(form: ImageForm): Promise<AdminCategoryWithTagsDto> {
    refuseUnknownFields(form.fields, FORM_FIELDS);
    const title = requireTitle(form.fields.get('title'));
    const status = parseStatus(form.fields.get('status'), Status.Off);
    const iconKey = form.image ? await this.images.store(form.image, { kind: 'icons' }) : null;
    const id = await this.repository.insert(title, status);
    if (iconKey) await this.setIcon(id, iconKey);
    return this.get(id);
  }

  /** update_category/{id}/: the same form; the icon may also be an SVG (rasterised). */
  async update(id: number, form: ImageForm): Promise<AdminCategoryWithTagsDto> {
    const current = await this.require(id);
    refuseUnknownFields(form.fields, FORM_FIELDS);
    const title = requireTitle(form.fields.get('title'));
    const status = parseStatus(form.fields.get('status'), current.status as Status);
    const iconKey = form.image ? await this.images.store(form.image, { kind: 'icons', allowSvg: true }) : null;
    await this.repository.update(id, title, status);
    if (iconKey) await this.setIcon(id, iconKey);
    return this.get(id);
  }

  async delete(id: number): Promise<AdminMessageDto> {
    const deleted = await this.repository.delete(id);
    if (!deleted) throw new NotFoundException({ message: 'Category not found' });
    await this.files.removeImage(deleted.iconKey);
    return { message: 'Category has been removed' };
  }

  async tags(id: number): Promise<AdminIdTitleDto[]> {
    await this.require(id);
    return this.repository.tags(id);
  }

  /** Adding a tag the category already has changes nothing (the call is a GET in the spec). */
  async addTag(tagId: number, categoryId: number): Promise<AdminIdTitleDto[]> {
    await this.require(categoryId);
    if (!(await this.repository.tagExists(tagId))) throw new NotFoundException({ message: 'Tag not found' });
    await this.repository.addTag(categoryId, tagId);
    return this.repository.tags(categoryId);
  }

  async removeTag(tagId: number, categoryId: number): Promise<AdminMessageDto> {
    await this.require(categoryId);
    if (!(await this.repository.removeTag(categoryId, tagId))) {
      throw new NotFoundException({ message: 'This tag is not on the category' });
    }
    return { message: 'Tag has been deleted' };
  }

  private async setIcon(id: number, iconKey: string): Promise<void> {
    const previous = await this.repository.swapIcon(id, iconKey);
    await this.files.removeImage(previous);
    await this.images.resize(ImageKind.Category, id);
  }

  private async require(id: number) {
    const category = await this.repository.find(id);
    if (!category) throw new NotFoundException({ message: 'Category not found' });
    return category;
  }
}
