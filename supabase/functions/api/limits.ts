/** Request size limits shared by the routes that take a file. */
import { MAX_FILE_BYTES } from '../_shared/api-contract.ts';
import { HttpError } from '../_shared/errors.ts';

/**
 * A 10 MB file is about 13.4 MB of base64; allow that plus the JSON around it and refuse anything
 * larger before parsing, so an oversized body costs no JSON parsing or decoding.
 */
export const MAX_FILE_BODY_BYTES = Math.ceil(MAX_FILE_BYTES / 3) * 4 + 64 * 1024;

export const fileBodyLimit = {
  maxSize: MAX_FILE_BODY_BYTES,
  onError: (): never => {
    throw new HttpError(413, 'File size must be less than 10MB');
  },
};

/** Bodies without a file are a few fields of JSON. */
export const smallBodyLimit = {
  maxSize: 16 * 1024,
  onError: (): never => {
    throw new HttpError(413, 'Request body is too large');
  },
};
