/** Display formats shared by every screen (spec section 9). */

const NOT_AVAILABLE = 'N/A';

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** en-US date, e.g. "March 5, 2025"; 'N/A' when missing or invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : NOT_AVAILABLE;
}

/** en-US short month, day, year, hour and minute (admin certificate screens), e.g. "Mar 5, 2025, 2:07 PM". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : NOT_AVAILABLE;
}

const DAY_OPTIONS = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const dayFormat = new Intl.DateTimeFormat('en-US', DAY_OPTIONS);
const calendarDayFormat = new Intl.DateTimeFormat('en-US', { ...DAY_OPTIONS, timeZone: 'UTC' });

/**
 * A day in en-US words, e.g. "Jun 30, 2025" (the public page and verification results): a YYYY-MM-DD
 * date is that calendar day in every time zone; an ISO instant is its day in the viewer's time zone;
 * 'N/A' when it is not a date.
 */
export function formatDay(value: string): string {
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = toDate(calendarDay ? `${value}T00:00:00Z` : value);
  if (!date) return NOT_AVAILABLE;
  return (calendarDay ? calendarDayFormat : dayFormat).format(date);
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Bytes in the largest fitting unit of Bytes, KB, MB, GB (base 1024, 2 decimals), e.g. "1.50 MB". */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return NOT_AVAILABLE;
  if (bytes === 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  return `${(bytes / 1024 ** exponent).toFixed(2)} ${SIZE_UNITS[exponent]}`;
}

/** Bytes as megabytes with 2 decimals (base 1024), e.g. "0.25 MB". */
export function formatMegabytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return NOT_AVAILABLE;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** First 8 characters, '...', last 8; short values unchanged; 'N/A' when missing. */
export function shortenHash(hash: string | null | undefined): string {
  if (!hash) return NOT_AVAILABLE;
  return hash.length <= 19 ? hash : `${hash.slice(0, 8)}...${hash.slice(-8)}`;
}

/**
 * The name a certificate is shown under: its name, else `fallback` (the admin screens' 'Untitled
 * Certificate'; the profile passes the shortened hash).
 */
export function certificateTitle(
  certificate: { certificate_name?: string | null },
  fallback = 'Untitled Certificate',
): string {
  return certificate.certificate_name?.trim() || fallback;
}

/** A certificate id as shown to people: its last 8 characters. */
export function shortId(id: string | null | undefined): string {
  if (!id) return NOT_AVAILABLE;
  return id.slice(-8);
}

/** A whole-number percentage with at most one decimal, e.g. "97.5%". */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  return `${Math.round(value * 10) / 10}%`;
}
