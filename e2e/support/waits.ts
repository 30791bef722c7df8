/**
 * How long a test waits for work the server does on a file (OCR, alignment, comparison): seconds on
 * a quiet machine, several times that on a loaded CI machine. The tests wait for the outcome, never
 * assert a duration.
 */
export const SERVER_WORK = { timeout: 60_000 } as const;
