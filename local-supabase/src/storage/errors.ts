/**
 * Storage's error envelope: every error carries the "real" status as a string in `statusCode`,
 * while the HTTP status is 400 for all 4xx and 500 for server errors (as Supabase Storage does;
 * supabase-js's StorageApiError reads `statusCode` and `code` from the body).
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
  ) {
    super(message);
  }

  get httpStatus(): 400 | 500 {
    return this.status >= 500 ? 500 : 400;
  }

  body(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  rlsDenied: () => errors.accessDenied('new row violates row-level security policy'),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  entityTooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  notFound: () => new StorageError(404, 'NotFound', 'Route not found', 'Not Found'),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error'),
};
