-- Certificates: one stored certificate file with the evidence verification compares against.

create table public.certificates (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  uploaded_by uuid references auth.users (id) on delete set null,
  certificate_name text check (char_length(certificate_name) between 1 and 200),
  certificate_hash text not null check (certificate_hash ~ '^[0-9a-f]{64}$'),
  storage_path text not null unique check (starts_with(storage_path, user_id::text || '/')),
  file_type public.certificate_file_type not null,
  mime_type text not null check (
    mime_type in (
      'image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff',
      'application/pdf'
    )
  ),
  file_size bigint not null check (file_size > 0 and file_size <= 10485760),
  file_hash text not null check (file_hash ~ '^[0-9a-f]{64}$'),
  content_hash text check (content_hash ~ '^[0-9a-f]{64}$'),
  ocr_content text,
  visual_fingerprint bytea,
  verification_status public.verification_status not null default 'pending',
  revoked boolean not null default false,
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  reviewed_by uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint certificates_revoked_at_matches_revoked check (revoked = (revoked_at is not null)),
  constraint certificates_file_type_matches_mime check ((file_type = 'pdf') = (mime_type = 'application/pdf'))
);
comment on table public.certificates is
  'Stored certificate files and their evidence. Owners read their own; active admins read and write all; users may only add their own pending, unrevoked rows. Moderators have no extra rights (spec: no screens tied to them). Public verification never reads this table directly: it goes through the narrow private.find_certificate* functions.';
comment on column public.certificates.user_id is 'Owner (auth id). The stored file lives at <user_id>/<id>.<ext> in bucket certificates.';
comment on column public.certificates.uploaded_by is 'Who uploaded it (an admin may upload for a user); null once that account is deleted.';
comment on column public.certificates.certificate_hash is 'sha256 hex of "<file_hash>:<content_hash or empty>": a fingerprint of the whole record.';
comment on column public.certificates.storage_path is 'Object name in storage bucket certificates; unique and inside the owner''s folder.';
comment on column public.certificates.mime_type is 'MIME type detected from the magic bytes, one of the accepted types (api-contract.ts).';
comment on column public.certificates.file_hash is 'sha256 hex of the exact file bytes; unique, so a concurrent duplicate upload fails with 23505 instead of creating a twin.';
comment on column public.certificates.content_hash is 'sha256 hex of the normalised text (OCR or PDF text layer); equal for the same content in a different file. Not unique: several files may carry the same text.';
comment on column public.certificates.ocr_content is 'Extracted text. Trigram-indexed for candidate lookups; never returned by the public verification functions.';
comment on column public.certificates.visual_fingerprint is 'Perceptual fingerprint of the rendered page, used to confirm a content match against the original.';
comment on column public.certificates.revoked_at is 'Set exactly when revoked is true (check constraint).';

create unique index certificates_file_hash_key on public.certificates (file_hash);
create index certificates_content_hash_idx on public.certificates (content_hash);
create index certificates_user_id_idx on public.certificates (user_id);
create index certificates_uploaded_by_idx on public.certificates (uploaded_by);
create index certificates_revoked_by_idx on public.certificates (revoked_by);
create index certificates_reviewed_by_idx on public.certificates (reviewed_by);
create index certificates_created_at_idx on public.certificates (created_at);
create index certificates_revoked_at_idx on public.certificates (revoked_at) where revoked;

alter table public.certificates enable row level security;

create policy "certificates: owners read their own, admins read all"
  on public.certificates for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "certificates: users add own pending ones, admins add any"
  on public.certificates for insert to authenticated
  with check (
    (select private.is_admin())
    or (
      user_id = (select auth.uid())
      and (uploaded_by is null or uploaded_by = (select auth.uid()))
      and (select private.is_active_user())
      and verification_status = 'pending'
      and not revoked
      and reviewed_by is null
      and reviewed_at is null
      and revoked_by is null
    )
  );

create policy "certificates: admins update"
  on public.certificates for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "certificates: admins delete"
  on public.certificates for delete to authenticated
  using ((select private.is_admin()));

revoke all on public.certificates from anon;

-- The evidence of a stored file never changes after upload, for anyone: review and revocation only
-- touch status columns. uploaded_by is left out because deleting that account sets it to null.
create function private.protect_certificate_evidence() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id is distinct from old.id
     or new.user_id is distinct from old.user_id
     or new.storage_path is distinct from old.storage_path
     or new.file_type is distinct from old.file_type
     or new.mime_type is distinct from old.mime_type
     or new.file_size is distinct from old.file_size
     or new.file_hash is distinct from old.file_hash
     or new.created_at is distinct from old.created_at then
    raise exception 'a certificate''s file, owner and hashes of the bytes cannot be changed'
      using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.protect_certificate_evidence() is
  'Trigger: id, owner, storage path, file type, MIME type, size, file hash and created_at are immutable for every role (upload a new certificate instead). SECURITY INVOKER.';
revoke all on function private.protect_certificate_evidence() from public, anon, authenticated, service_role;

create trigger protect_certificate_evidence
  before update on public.certificates
  for each row execute function private.protect_certificate_evidence();

create trigger set_updated_at
  before update on public.certificates
  for each row execute function private.set_updated_at();
