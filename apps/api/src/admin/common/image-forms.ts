import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ImageKind, JobName } from '@app/contracts';
import { QueueService } from '../../queue/queue.service.js';
import { IMAGE_UPLOAD_MAX_BYTES, ImageIntake, type ImageIntakeOptions } from './image-intake.js';
import { refuseDeclaredSize, UploadSpool, type MultipartForm, type SpooledFile } from './multipart.js';

/** Room for the text fields next to the picture in a form. */
const FORM_OVERHEAD_BYTES = 2 * 1024 * 1024;

export interface ImageForm {
  fields: Map<string, string>;
  image: SpooledFile | undefined;
  cleanup: MultipartForm['cleanup'];
}

/** The multipart forms that carry a picture (thumbnails, icons, banner images). */
@Injectable()
export class ImageForms {
  constructor(
    private readonly spool: UploadSpool,
    private readonly intake: ImageIntake,
    private readonly queues: QueueService,
  ) {}

  async read(request: FastifyRequest, fileField: string, maxFieldBytes?: number): Promise<ImageForm> {
    refuseDeclaredSize(request, IMAGE_UPLOAD_MAX_BYTES, FORM_OVERHEAD_BYTES);
    const form = await this.spool.readForm(request, {
      maxFileBytes: IMAGE_UPLOAD_MAX_BYTES,
      fileFields: [fileField],
      maxFieldBytes,
    });
    return { fields: form.fields, image: form.files.get(fileField), cleanup: form.cleanup };
  }

  /** Checks and stores the picture; answers its new storage key. */
  store(image: SpooledFile, options: ImageIntakeOptions): Promise<string> {
    return this.intake.store(image, options);
  }

  /** The image.resize job makes the 300/600 px copies the image service serves. */
  async resize(kind: ImageKind, id: number): Promise<void> {
    await this.queues.enqueue(JobName.ImageResize, { kind, id });
  }
}
