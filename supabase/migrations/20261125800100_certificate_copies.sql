-- Verifiable copies (issue 9): a certificate's page with a strip carrying a QR code of its public page,
-- the certificate number and the link, drawn by the engine and downloaded as a PDF or a PNG
-- (GET /certificates/{id}/verifiable-copy). Each copy's SHA-256 is registered here, so verifying the
-- downloaded file itself is answered by its exact bytes, like the stored original.

create table public.certificate_copies (
  file_hash text primary key check (file_hash ~ '^[0-9a-f]{64}$'),
  certificate_id uuid not null references public.certificates (id) on delete cascade,
  format text not null check (format in ('pdf', 'png')),
  file_size bigint not null check (file_size > 0),
  -- Who downloaded it first (the same copy downloaded again is the same bytes: one row).
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.certificate_copies is
  'SHA-256 of every verifiable copy the api made of a certificate (PDF or PNG with its QR code); the exact-file verification looks here after public.certificates. Written only by private.register_certificate_copy (the api, with the hash of bytes it made); readers of the certificate read its copies.';

create index certificate_copies_certificate_id_idx on public.certificate_copies (certificate_id);
create index certificate_copies_created_by_idx on public.certificate_copies (created_by);

alter table public.certificate_copies enable row level security;

create policy "certificate copies: admins read all, owners and holders read their certificate's"
  on public.certificate_copies for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.certificates c
      where c.id = certificate_id
        and (c.user_id = (select auth.uid()) or c.holder_id = (select auth.uid()))
    )
  );

-- No write grants: a row claims "these bytes are a copy of this certificate", which only the api may say
-- about bytes it made itself (a holder inserting the hash of a forged file would make it verify).
revoke all on public.certificate_copies from anon, authenticated, service_role;
grant select on public.certificate_copies to authenticated, service_role;

create function private.register_certificate_copy(
  p_certificate_id uuid,
  p_file_hash text,
  p_format text,
  p_file_size bigint
) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or not (select private.is_active_user()) then
    raise exception 'only an active user can register a verifiable copy' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.certificates c
    where c.id = p_certificate_id and c.verification_status = 'verified'
      and (c.holder_id = caller or c.user_id = caller or (select private.is_admin()))
  ) then
    raise exception 'no verified certificate % for this caller', p_certificate_id using errcode = '42501';
  end if;
  insert into public.certificate_copies (file_hash, certificate_id, format, file_size, created_by)
  values (p_file_hash, p_certificate_id, p_format, p_file_size, caller)
  on conflict (file_hash) do nothing;
end
$$;
comment on function private.register_certificate_copy(uuid, text, text, bigint) is
  'Registers a verifiable copy the api made of a verified certificate, for its holder, its owner or an admin (the caller). Idempotent: the same bytes again change nothing. SECURITY DEFINER because nobody has write grants on certificate_copies; reachable only through the api (schema private is not exposed), which passes the SHA-256 of bytes the engine drew.';
revoke all on function private.register_certificate_copy(uuid, text, text, bigint)
  from public, anon, authenticated, service_role;
grant execute on function private.register_certificate_copy(uuid, text, text, bigint) to authenticated;

-- A copy is drawn by the engine (a few hundred ms of CPU): limited like uploads.
insert into private.rate_limit_rules (action, window_seconds, per_ip, per_user, per_admin, description) values
  ('copy', 3600, 60, 60, 600, 'GET /certificates/{id}/verifiable-copy: a copy drawn by the engine');

-- The exact path: a registered copy's bytes find their certificate too (primary key on file_hash, looked
-- up only when no stored original has these bytes). `registered_copy` says which one matched. The return
-- type changes, so the function is created anew.
drop function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text);
create function private.verify_exact_file(
  p_action text,
  p_subject_kind text,
  p_subject text,
  p_limit integer,
  p_window_seconds integer,
  p_file_hash text,
  p_file_size bigint,
  p_mime_type text,
  p_requester_hash text
) returns table (
  allowed boolean,
  retry_after integer,
  max_hits integer,
  id uuid,
  certificate_name text,
  file_type public.certificate_file_type,
  mime_type text,
  created_at timestamptz,
  file_hash text,
  content_hash text,
  storage_path text,
  verification_status public.verification_status,
  revoked boolean,
  outcome text,
  attempt_id bigint,
  registered_copy boolean
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_limit record;
  v_found record;
  v_copy boolean := false;
  v_attempt bigint;
begin
  if p_action not in ('verify', 'verify_hash') then
    raise exception 'verify_exact_file counts verify or verify_hash only' using errcode = '22023';
  end if;
  select * into v_limit from private.take_rate_limit(p_action, p_subject_kind, p_subject, p_limit, p_window_seconds);
  if not v_limit.allowed then
    return query select false, v_limit.retry_after, v_limit.max_hits, null::uuid, null::text,
      null::public.certificate_file_type, null::text, null::timestamptz, null::text, null::text, null::text,
      null::public.verification_status, null::boolean, null::text, null::bigint, null::boolean;
    return;
  end if;

  select c.id, c.certificate_name, c.file_type, c.mime_type, c.created_at, c.file_hash, c.content_hash,
         c.storage_path, c.verification_status, c.revoked,
         private.certificate_status(c.revoked, c.suspended, c.expiry_date, c.verification_status) as status
  into v_found
  from public.certificates c
  where c.file_hash = p_file_hash;
  if v_found.id is null then
    select c.id, c.certificate_name, c.file_type, c.mime_type, c.created_at, c.file_hash, c.content_hash,
           c.storage_path, c.verification_status, c.revoked,
           private.certificate_status(c.revoked, c.suspended, c.expiry_date, c.verification_status) as status
    into v_found
    from public.certificate_copies k
    join public.certificates c on c.id = k.certificate_id
    where k.file_hash = p_file_hash;
    v_copy := v_found.id is not null;
  end if;
  if v_found.id is null then
    -- A miss is not logged here: the file path goes on to compare content and logs then; the
    -- hash-first client sends the file next, and that attempt is logged.
    return query select true, v_limit.retry_after, v_limit.max_hits, null::uuid, null::text,
      null::public.certificate_file_type, null::text, null::timestamptz, null::text, null::text, null::text,
      null::public.verification_status, null::boolean, null::text, null::bigint, null::boolean;
    return;
  end if;
  v_attempt := private.record_verification_verdict(
    p_file_hash, p_file_size, p_mime_type, 'identical', v_found.status = 'valid', v_found.status, 'exact_file',
    v_found.id, p_requester_hash);
  return query select
    true, v_limit.retry_after, v_limit.max_hits,
    v_found.id, v_found.certificate_name, v_found.file_type, v_found.mime_type, v_found.created_at,
    v_found.file_hash, v_found.content_hash, v_found.storage_path, v_found.verification_status,
    v_found.revoked, v_found.status, v_attempt, v_copy;
end
$$;
comment on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text) is
  'Exact-file verification in one round trip: counts the hit against the caller''s rate limit (private.take_rate_limit; when refused, allowed is false and nothing else happens), then finds the certificate whose stored file, or else one of whose registered verifiable copies (public.certificate_copies; registered_copy true), has this sha256, and logs the attempt (verdict identical) with its outcome, private.certificate_status. Always one row; id is null when no file matches (a miss is not logged).';

revoke all on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text)
  from public, anon, authenticated, service_role;
grant execute on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text)
  to service_role;
