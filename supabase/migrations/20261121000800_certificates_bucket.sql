-- Storage for certificate files: a private bucket and the policies Supabase Storage applies per request.
-- Object names are '<owner auth id>/<certificate id>.<ext>', so the first folder is the owner.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'certificates',
  'certificates',
  false,
  10485760,
  array[
    'image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff',
    'application/pdf'
  ]
)
on conflict (id) do update
set public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

create policy "certificates bucket: owners read their folder, admins read all"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'certificates'
    and ((storage.foldername(name))[1] = (select auth.uid())::text or (select private.is_admin()))
  );

create policy "certificates bucket: users upload to own folder, admins any"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'certificates'
    and (
      (select private.is_admin())
      or (
        (storage.foldername(name))[1] = (select auth.uid())::text
        and cardinality(storage.foldername(name)) = 1
        and (select private.is_active_user())
      )
    )
  );

create policy "certificates bucket: admins update"
  on storage.objects for update to authenticated
  using (bucket_id = 'certificates' and (select private.is_admin()))
  with check (bucket_id = 'certificates' and (select private.is_admin()));

create policy "certificates bucket: admins delete"
  on storage.objects for delete to authenticated
  using (bucket_id = 'certificates' and (select private.is_admin()));
