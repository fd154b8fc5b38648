import { Module } from '@nestjs/common';
import { FormReader } from './form-reader.js';
import { ImageForms } from './image-forms.js';
import { ImageIntake } from './image-intake.js';
import { MultipartSetup, UploadSpool } from './multipart.js';
import { StoredFiles } from './stored-files.js';

/** Upload handling shared by the admin domains: multipart parsing, spooling, image checks. */
@Module({
  providers: [MultipartSetup, UploadSpool, FormReader, ImageIntake, ImageForms, StoredFiles],
  exports: [UploadSpool, FormReader, ImageIntake, ImageForms, StoredFiles],
})
export class AdminCommonModule {}
