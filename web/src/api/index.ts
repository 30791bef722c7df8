/** The app's only door to the back end (spec section 7): one typed function per API call. */
export * from './client';
export type { UploadProgress, UploadProgressListener } from './upload-transport';
export * from './request';
export * from './auth';
export * from './certificates';
export * from './users';
export * from './verification';
