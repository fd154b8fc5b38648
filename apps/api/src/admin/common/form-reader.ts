import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from './image-intake.js';
import { refuseDeclaredSize, UploadSpool, type MultipartLimits, type SpooledFile } from './multipart.js';

/** Room for the text fields next to the picture in a form. */
const IMAGE_FORM_OVERHEAD_BYTES = 2 * 1024 * 1024;

/** A multipart form as the services take it: its text fields and its spooled files. */
export interface UploadedForm {
  fields: Map<string, string>;
  files: Map<string, SpooledFile>;
}

/** A form that carries at most one picture (thumbnails, icons, banner images). */
export interface ImageForm {
  fields: Map<string, string>;
  image: SpooledFile | undefined;
}

/**
 * The HTTP edge of the admin forms: controllers read a request's multipart form here and hand
 * plain values to their service. The spooled files live for that call only and are removed
 * after it, whatever it answers.
 */
@Injectable()
export class FormReader {
  constructor(private readonly spool: UploadSpool) {}

  /**
   * Refuses a body whose declared size is over `maxFileBytes` plus `overheadBytes` before
   * reading it, then spools the form and runs `use` on it.
   */
  async withForm<T>(
    request: FastifyRequest,
    limits: MultipartLimits & { overheadBytes: number },
    use: (form: UploadedForm) => Promise<T>,
  ): Promise<T> {
    refuseDeclaredSize(request, limits.maxFileBytes, limits.overheadBytes);
    const form = await this.spool.readForm(request, limits);
    try {
      return await use({ fields: form.fields, files: form.files });
    } finally {
      await form.cleanup();
    }
  }

  /** A form with an optional picture in `fileField` (JPEG, PNG or SVG, checked by ImageIntake). */
  withImageForm<T>(request: FastifyRequest, fileField: string, use: (form: ImageForm) => Promise<T>): Promise<T> {
    return this.withForm(
      request,
      { maxFileBytes: IMAGE_UPLOAD_MAX_BYTES, fileFields: [fileField], overheadBytes: IMAGE_FORM_OVERHEAD_BYTES },
      (form) => use({ fields: form.fields, image: form.files.get(fileField) }),
    );
  }
}
