-- A copy found through the certificate number printed on it (read by OCR) is logged as
-- certificate_number, apart from one found through its QR code (certificate_code), so the log and
-- its readers can tell the two apart. Rows logged before this migration keep certificate_code for
-- both: which of the two found them was not recorded.
alter table public.verification_attempts
  drop constraint verification_attempts_match_channel_check;

alter table public.verification_attempts
  add constraint verification_attempts_match_channel_check
    check (match_channel in ('exact_file', 'certificate_code', 'certificate_number', 'visual'));

comment on column public.verification_attempts.match_channel is
  'Which evidence found the certificate: exact_file (same bytes), certificate_code (the QR code on the copy; before migration 20261126103100 also its printed number), certificate_number (the certificate number printed on the copy) or visual (the page itself); null when nothing matched.';
