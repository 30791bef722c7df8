-- Certificate history (issue 9): every change of a certificate appended as one row (who, when, what,
-- reason), written by a trigger on public.certificates so no path can skip it, and never updated or
-- deleted by anyone: no write grants or policies for the API roles, and a trigger that refuses UPDATE,
-- DELETE and TRUNCATE for every role, the table owner and service_role included.
--
-- No foreign keys: the history outlives its certificate (deleting a certificate or its owner's account
-- keeps the record of what happened to it), and a cascade would otherwise have to delete history.

create table public.certificate_events (
  id bigint generated always as identity primary key,
  certificate_id uuid not null,
  action text not null check (
    action in (
      'issued', 'uploaded', 'edited', 'revoked', 'unrevoked', 'suspended', 'resumed', 'approved',
      'rejected', 'made_public', 'made_private', 'holder_linked', 'holder_unlinked', 'deleted'
    )
  ),
  actor_id uuid,
  actor_email text,
  reason text check (char_length(reason) <= 500),
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default pg_catalog.clock_timestamp()
);
comment on table public.certificate_events is
  'Append-only history of certificates: one row per change (action, actor, reason, changed fields). Written only by the trigger private.record_certificate_event; nobody can update or delete a row (trigger private.refuse_history_change, no write grants). Admins read all; owners and holders read their certificate''s history.';
comment on column public.certificate_events.actor_id is 'auth.uid() of whoever made the change; null for the system (seed, sign-up linking).';
comment on column public.certificate_events.actor_email is 'The actor''s e-mail at the time (kept after the account is deleted).';
comment on column public.certificate_events.details is 'Changed fields as {"field": {"from": ..., "to": ...}} for edits; the initial fields for issued/uploaded.';

create index certificate_events_certificate_id_idx on public.certificate_events (certificate_id, id);

alter table public.certificate_events enable row level security;

create policy "certificate events: admins read all, owners and holders read their certificate's"
  on public.certificate_events for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.certificates c
      where c.id = certificate_id
        and (c.user_id = (select auth.uid()) or c.holder_id = (select auth.uid()))
    )
  );

revoke all on public.certificate_events from anon, authenticated, service_role;
grant select on public.certificate_events to authenticated, service_role;

create function private.refuse_history_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'certificate history is append-only: rows cannot be changed or deleted'
    using errcode = '42501';
end
$$;
comment on function private.refuse_history_change() is
  'Trigger: refuses UPDATE, DELETE and TRUNCATE of public.certificate_events for every role. SECURITY INVOKER.';
revoke all on function private.refuse_history_change() from public, anon, authenticated, service_role;

create trigger refuse_history_update_delete
  before update or delete on public.certificate_events
  for each row execute function private.refuse_history_change();
create trigger refuse_history_truncate
  before truncate on public.certificate_events
  for each statement execute function private.refuse_history_change();

-- Fields whose edits are recorded with their old and new values.
create function private.record_certificate_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  actor_mail text;
  note text := nullif(pg_catalog.btrim(coalesce(pg_catalog.current_setting('certificates.change_reason', true), '')), '');
  changes jsonb := '{}'::jsonb;
  field text;
  old_json jsonb;
  new_json jsonb;
begin
  if actor is not null then
    select p.email into actor_mail from public.profiles p where p.auth_id = actor;
  end if;

  if tg_op = 'INSERT' then
    new_json := pg_catalog.to_jsonb(new);
    foreach field in array array['certificate_name', 'recipient_name', 'recipient_email', 'course', 'grade',
      'issue_date', 'expiry_date', 'certificate_number', 'issuer', 'verification_status', 'page_public'] loop
      if new_json -> field <> 'null'::jsonb then
        changes := changes || pg_catalog.jsonb_build_object(field, new_json -> field);
      end if;
    end loop;
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason, details)
    values (new.id, case when new.verification_status = 'verified' then 'issued' else 'uploaded' end,
            actor, actor_mail, note, changes);
    return new;
  end if;

  if tg_op = 'DELETE' then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason)
    values (old.id, 'deleted', actor, actor_mail, note);
    return old;
  end if;

  old_json := pg_catalog.to_jsonb(old);
  new_json := pg_catalog.to_jsonb(new);
  foreach field in array array['certificate_name', 'recipient_name', 'recipient_email', 'course', 'grade',
    'issue_date', 'expiry_date', 'certificate_number', 'issuer'] loop
    if old_json -> field is distinct from new_json -> field then
      changes := changes || pg_catalog.jsonb_build_object(
        field, pg_catalog.jsonb_build_object('from', old_json -> field, 'to', new_json -> field));
    end if;
  end loop;
  if changes <> '{}'::jsonb then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason, details)
    values (new.id, 'edited', actor, actor_mail, note, changes);
  end if;

  if new.revoked and not old.revoked then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason)
    values (new.id, 'revoked', actor, actor_mail, new.revocation_reason);
  elsif old.revoked and not new.revoked then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason)
    values (new.id, 'unrevoked', actor, actor_mail, note);
  end if;

  if new.suspended and not old.suspended then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason)
    values (new.id, 'suspended', actor, actor_mail, new.suspension_reason);
  elsif old.suspended and not new.suspended then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason)
    values (new.id, 'resumed', actor, actor_mail, note);
  end if;

  if new.verification_status is distinct from old.verification_status then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason, details)
    values (new.id,
            case new.verification_status when 'verified' then 'approved' when 'failed' then 'rejected' else 'edited' end,
            actor, actor_mail, note,
            pg_catalog.jsonb_build_object('verification_status',
              pg_catalog.jsonb_build_object('from', old.verification_status, 'to', new.verification_status)));
  end if;

  if new.page_public is distinct from old.page_public then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason)
    values (new.id, case when new.page_public then 'made_public' else 'made_private' end, actor, actor_mail, note);
  end if;

  if new.holder_id is distinct from old.holder_id then
    insert into public.certificate_events (certificate_id, action, actor_id, actor_email, reason, details)
    values (new.id, case when new.holder_id is null then 'holder_unlinked' else 'holder_linked' end,
            actor, actor_mail, note,
            pg_catalog.jsonb_build_object('holder_id', pg_catalog.jsonb_build_object('from', old.holder_id, 'to', new.holder_id)));
  end if;
  return new;
end
$$;
comment on function private.record_certificate_event() is
  'Trigger after insert, update and delete of public.certificates: appends what changed to public.certificate_events with auth.uid() as the actor and the reason (revocation/suspension reason, else the transaction setting certificates.change_reason). SECURITY DEFINER because nobody else may insert history rows.';
revoke all on function private.record_certificate_event() from public, anon, authenticated, service_role;

create trigger record_certificate_event
  after insert or update or delete on public.certificates
  for each row execute function private.record_certificate_event();
