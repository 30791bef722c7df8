-- Verification attempts: a log of every public verification, for statistics and abuse control.
-- It holds hashes and outcomes only: no file bytes, no extracted text, no raw IP address.

create table public.verification_attempts (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  file_hash text not null check (file_hash ~ '^[0-9a-f]{64}$'),
  content_hash text check (content_hash ~ '^[0-9a-f]{64}$'),
  file_size bigint check (file_size >= 0),
  mime_type text check (char_length(mime_type) <= 100),
  verified boolean not null,
  outcome text not null check (outcome in ('valid', 'revoked', 'pending', 'failed', 'not_found')),
  match_channel text check (match_channel in ('exact_file', 'same_content')),
  certificate_id uuid references public.certificates (id) on delete set null,
  requester_hash text check (char_length(requester_hash) <= 128),
  constraint verification_attempts_verified_iff_valid check (verified = (outcome = 'valid')),
  constraint verification_attempts_match_iff_found check ((match_channel is null) = (outcome = 'not_found'))
);
comment on table public.verification_attempts is
  'One row per public verification (no file bytes, no text, no raw IP). Only active admins read it; nobody writes it directly: the API records through private.record_verification_attempt.';
comment on column public.verification_attempts.verified is 'True exactly when outcome is valid.';
comment on column public.verification_attempts.outcome is 'valid, or why a match is not valid (revoked, pending, failed), or not_found.';
comment on column public.verification_attempts.match_channel is 'Which evidence matched: exact_file (same bytes) or same_content (same normalised text, confirmed); null when nothing matched.';
comment on column public.verification_attempts.certificate_id is 'The matched certificate; null when none matched or it was deleted since.';
comment on column public.verification_attempts.requester_hash is 'Salted hash of the client IP, for rate limiting and abuse review; the IP itself is never stored.';

create index verification_attempts_certificate_id_idx on public.verification_attempts (certificate_id);
create index verification_attempts_created_at_idx on public.verification_attempts (created_at);
create index verification_attempts_requester_hash_idx on public.verification_attempts (requester_hash, created_at);

alter table public.verification_attempts enable row level security;

create policy "verification_attempts: admins read"
  on public.verification_attempts for select to authenticated
  using ((select private.is_admin()));

revoke all on public.verification_attempts from anon;
revoke insert, update, delete, truncate on public.verification_attempts from authenticated;

create function private.record_verification_attempt(
  p_file_hash text,
  p_content_hash text,
  p_file_size bigint,
  p_mime_type text,
  p_verified boolean,
  p_outcome text,
  p_match_channel text,
  p_certificate_id uuid,
  p_requester_hash text
) returns bigint
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.verification_attempts (
    file_hash, content_hash, file_size, mime_type, verified, outcome, match_channel, certificate_id, requester_hash
  )
  values (
    p_file_hash, p_content_hash, p_file_size, p_mime_type, p_verified, p_outcome, p_match_channel, p_certificate_id,
    p_requester_hash
  )
  returning id
$$;
comment on function private.record_verification_attempt(text, text, bigint, text, boolean, text, text, uuid, text) is
  'Logs one verification and returns its id. SECURITY DEFINER so the public verification (anon) can write the log without any table grant; the table''s checks validate every value. Caveat: any caller can add rows and so move the success rate; it is reachable only through the API (schema private is not exposed), which records only real attempts.';

revoke all on function private.record_verification_attempt(text, text, bigint, text, boolean, text, text, uuid, text)
  from public, anon, authenticated, service_role;
grant execute on function private.record_verification_attempt(text, text, bigint, text, boolean, text, text, uuid, text)
  to anon, authenticated, service_role;
