import { Injectable } from '@nestjs/common';
import { ImageKind, JobName } from '@app/contracts';
import { QueueService } from '../../queue/queue.service.js';
import { ImageIntake, type ImageIntakeOptions } from './image-intake.js';
import type { SpooledFile } from './multipart.js';

/** What the services do with the picture of a form (FormReader reads the form at the edge). */
@Injectable()
export class ImageForms {
  constructor(
    private readonly intake: ImageIntake,
    private readonly queues: QueueService,
  ) {}

  /** Checks and stores the picture; answers its new storage key. */
  store(image: SpooledFile, options: ImageIntakeOptions): Promise<string> {
    return this.intake.store(image, options);
  }

  /** The image.resize job makes the 300/600 px copies the image service serves. */
  async resize(kind: ImageKind, id: number): Promise<void> {
    await this.queues.enqueue(JobName.ImageResize, { kind, id });
  }
}
