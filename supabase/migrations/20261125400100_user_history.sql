-- An append-only history of users' role and status changes: one row per change an admin makes
-- through the API (even one that sets the value it already had, so N accepted requests leave N
-- rows), plus the system's own changes (e-mail confirmation: pending -> active). Rows are never
-- updated or deleted, not even by the service role or postgres; they outlive the user.

create table public.user_history (
  id bigint generated always as identity primary key,
  -- No foreign key: the history of a deleted user is kept.
  user_id uuid not null,
  -- The admin who made the change (auth.uid() of the request); null for the system's own changes.
  changed_by uuid,
  old_role public.user_role not null,
  new_role public.user_role not null,
  old_status public.user_status not null,
  new_status public.user_status not null,
  changed_at timestamptz not null default clock_timestamp()
);
comment on table public.user_history is
  'Append-only: one row per role/status write on public.profiles (written by a trigger). Admins read it; nobody inserts, updates or deletes directly.';

create index user_history_user_id_idx on public.user_history (user_id, id);

alter table public.user_history enable row level security;

create policy "user_history: admins read"
  on public.user_history for select to authenticated
  using ((select private.is_admin()));

revoke all on public.user_history from anon, authenticated, service_role;
grant select on public.user_history to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Recording: after every update that names role or status
-- ---------------------------------------------------------------------------------------------
create function private.record_user_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
begin
  -- The auth sync rewrites status on every auth.users update; only real changes count then.
  -- A request from a signed-in admin always counts, so each accepted API call leaves one row.
  if actor is null
     and new.role is not distinct from old.role
     and new.status is not distinct from old.status then
    return null;
  end if;
  insert into public.user_history (user_id, changed_by, old_role, new_role, old_status, new_status)
  values (new.auth_id, actor, old.role, new.role, old.status, new.status);
  return null;
end
$$;
comment on function private.record_user_history() is
  'Trigger: appends one public.user_history row per role/status write. SECURITY DEFINER because API callers have no INSERT on the history; runs under the row lock of the update, so each change is recorded with the values it replaced.';
revoke all on function private.record_user_history() from public, anon, authenticated, service_role;

create trigger record_user_history
  after update of role, status on public.profiles
  for each row execute function private.record_user_history();

-- ---------------------------------------------------------------------------------------------
-- Append-only: refused in the database, whoever asks
-- ---------------------------------------------------------------------------------------------
create function private.refuse_history_rewrite() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'user_history is append-only: % is not allowed', tg_op
    using errcode = '42501';
end
$$;
comment on function private.refuse_history_rewrite() is
  'Trigger: refuses UPDATE, DELETE and TRUNCATE on public.user_history for every role.';
revoke all on function private.refuse_history_rewrite() from public, anon, authenticated, service_role;

create trigger refuse_update_delete
  before update or delete on public.user_history
  for each row execute function private.refuse_history_rewrite();

create trigger refuse_truncate
  before truncate on public.user_history
  for each statement execute function private.refuse_history_rewrite();
