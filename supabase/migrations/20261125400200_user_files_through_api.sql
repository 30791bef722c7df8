-- A user's certificate file may only be stored by the API, like its row (migration 0900).
--
-- Found by the hostile-input suite: a signed-in user could POST /storage/v1/object/certificates/<own
-- id>/<any name> directly, storing files (any of the allowed types, any name, e.g. with a
-- right-to-left override) that no certificate row describes and no check has seen. The API now
-- stores a user's upload with the service role after its own checks (owner = caller, type sniffed
-- from the bytes, server-chosen name), so users lose the direct INSERT. Admins keep it.

drop policy "certificates bucket: users upload to own folder, admins any" on storage.objects;

create policy "certificates bucket: admins upload"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'certificates' and (select private.is_admin()));
