/** The data URL is not of the form `data:<mime>;base64,<payload>` or its payload is not valid base64. */
export class InvalidDataUrlError extends Error {
  override name = 'InvalidDataUrlError';
}

/** The file is larger than the allowed maximum; `maxBytes` is the limit that was applied. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`File size must be less than ${Math.round(maxBytes / (1024 * 1024))}MB`);
  }
}

/** The file's magic bytes are not one of the accepted certificate types. */
export class UnsupportedFileTypeError extends Error {
  override name = 'UnsupportedFileTypeError';
  constructor(message = 'Unsupported file type') {
    super(message);
  }
}

/** The bytes carry an accepted signature but the file cannot be read (damaged or password-protected PDF). */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
}
