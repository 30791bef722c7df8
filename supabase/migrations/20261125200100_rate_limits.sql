-- Shared, durable rate limits.
--
-- Every function instance (and the auth service, through its before-user-created hook) counts in the
-- same table, so a limit holds across instances and restarts. One SECURITY DEFINER function,
-- private.take_rate_limit, takes a hit and answers whether it is allowed and when to retry.
--
-- Model: a fixed window that opens at a subject's first hit and lasts window_seconds; the count
-- resets when the next hit arrives after the window. "31 requests within a minute of the first" is
-- therefore always over a limit of 30 per 60 s, whatever the clock's minute boundaries.
--
-- Limits come from private.rate_limit_rules (one row per action: per IP, per signed-in user and per
-- admin, all finite) unless the caller passes an explicit limit (the api function does when its
-- RATE_LIMIT_* environment variables are set). Subjects are stored only as salted SHA-256 hashes.

create table private.rate_limit_rules (
  action text primary key check (action ~ '^[a-z][a-z_]{0,39}$'),
  window_seconds integer not null check (window_seconds between 1 and 86400),
  per_ip integer not null check (per_ip > 0),
  per_user integer not null check (per_user > 0),
  per_admin integer not null check (per_admin > 0),
  description text not null
);
comment on table private.rate_limit_rules is
  'Rate limits per action: hits per window per IP address (anonymous callers), per signed-in user and per admin. Admins get a higher, still finite, limit. Change with an update; the api function''s RATE_LIMIT_* variables override per deployment.';

insert into private.rate_limit_rules (action, window_seconds, per_ip, per_user, per_admin, description) values
  ('verify', 60, 30, 30, 600, 'POST /verification/verify: one uploaded file checked'),
  ('verify_hash', 60, 60, 60, 1200, 'POST /verification/verify-hash: a hash looked up before any upload'),
  ('upload', 3600, 60, 60, 1000, 'Certificate uploads through the api function'),
  ('register', 3600, 10, 10, 10, 'Sign-ups per IP address (auth hook before_user_created)');

create table private.rate_limit_counters (
  key text primary key,
  window_start timestamptz not null,
  expires_at timestamptz not null,
  hits integer not null check (hits >= 0)
);
comment on table private.rate_limit_counters is
  'One open window per action and hashed subject. Written only by private.take_rate_limit; expired rows are swept by it.';
create index rate_limit_counters_expires_at_idx on private.rate_limit_counters (expires_at);

-- A per-project secret so the stored keys cannot be reversed by hashing every IPv4 address.
create table private.rate_limit_salt (
  singleton boolean primary key default true check (singleton),
  salt text not null default gen_random_uuid()::text
);
insert into private.rate_limit_salt default values;

alter table private.rate_limit_rules enable row level security;
alter table private.rate_limit_counters enable row level security;
alter table private.rate_limit_salt enable row level security;
revoke all on private.rate_limit_rules, private.rate_limit_counters, private.rate_limit_salt
  from public, anon, authenticated, service_role;

create function private.take_rate_limit(
  p_action text,
  p_subject_kind text,
  p_subject text,
  p_limit integer default null,
  p_window_seconds integer default null
) returns table (allowed boolean, retry_after integer, remaining integer, max_hits integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_rule private.rate_limit_rules;
  v_limit integer;
  v_window integer;
  v_now timestamptz := pg_catalog.clock_timestamp();
  v_key text;
  v_hits integer;
  v_expires timestamptz;
begin
  if p_subject_kind is null or p_subject_kind not in ('ip', 'user', 'admin') then
    raise exception 'rate limit subject kind must be ip, user or admin' using errcode = '22023';
  end if;
  if p_subject is null or pg_catalog.length(p_subject) not between 1 and 200 then
    raise exception 'rate limit subject must be 1 to 200 characters' using errcode = '22023';
  end if;
  select * into v_rule from private.rate_limit_rules r where r.action = p_action;
  if not found then
    raise exception 'unknown rate limit action %', p_action using errcode = '22023';
  end if;
  v_limit := coalesce(
    p_limit,
    case p_subject_kind when 'ip' then v_rule.per_ip when 'user' then v_rule.per_user else v_rule.per_admin end
  );
  v_window := coalesce(p_window_seconds, v_rule.window_seconds);
  if v_limit < 1 or v_window not between 1 and 86400 then
    raise exception 'rate limit must be at least 1 per window of 1 to 86400 seconds' using errcode = '22023';
  end if;

  v_key := p_action || ':' || p_subject_kind || ':' || pg_catalog.encode(
    pg_catalog.sha256(pg_catalog.convert_to((select s.salt from private.rate_limit_salt s) || ':' || p_subject, 'UTF8')),
    'hex'
  );

  insert into private.rate_limit_counters as c (key, window_start, expires_at, hits)
  values (v_key, v_now, v_now + pg_catalog.make_interval(secs => v_window), 1)
  on conflict (key) do update
    set hits = case when c.expires_at > v_now then least(c.hits, 2147483646) + 1 else 1 end,
        window_start = case when c.expires_at > v_now then c.window_start else v_now end,
        expires_at = case when c.expires_at > v_now then c.expires_at else excluded.expires_at end
  returning c.hits, c.expires_at into v_hits, v_expires;

  -- Sweep now and then so the table holds open windows only.
  if pg_catalog.random() < 0.01 then
    delete from private.rate_limit_counters c where c.expires_at < v_now - interval '1 minute';
  end if;

  return query select
    v_hits <= v_limit,
    greatest(1, pg_catalog.ceil(extract(epoch from v_expires - v_now)))::integer,
    greatest(0, v_limit - v_hits),
    v_limit;
end
$$;
comment on function private.take_rate_limit(text, text, text, integer, integer) is
  'Counts one hit of p_action by a subject (ip address, user id or admin id; stored hashed) and returns whether it is within the limit, the seconds until the window closes, the hits left and the limit applied. Limits from private.rate_limit_rules unless p_limit/p_window_seconds are given. SECURITY DEFINER: callers need no rights on the counters.';

revoke all on function private.take_rate_limit(text, text, text, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function private.take_rate_limit(text, text, text, integer, integer) to service_role;

-- Supabase Auth hook "before user created" (Postgres function): refuses a sign-up once the IP
-- address has used its register limit. Enable it in supabase/config.toml ([auth.hook.before_user_created])
-- or the dashboard (Authentication > Hooks). Auth calls it as supabase_auth_admin.
create function public.hook_before_user_created_rate_limit(event jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_ip text := nullif(event -> 'metadata' ->> 'ip_address', '');
  v_decision record;
begin
  -- No address (an admin creating users) or the machine itself (the local stack, server-side calls):
  -- nothing to count per client.
  if v_ip is null or v_ip in ('127.0.0.1', '::1', '::ffff:127.0.0.1') then
    return '{}'::jsonb;
  end if;
  select * into v_decision from private.take_rate_limit('register', 'ip', v_ip);
  if v_decision.allowed then
    return '{}'::jsonb;
  end if;
  return pg_catalog.jsonb_build_object(
    'error', pg_catalog.jsonb_build_object(
      'http_code', 429,
      'message', pg_catalog.format(
        'Too many sign-ups from this network; please try again in %s minutes',
        pg_catalog.ceil(v_decision.retry_after / 60.0)::integer
      )
    )
  );
end
$$;
comment on function public.hook_before_user_created_rate_limit(jsonb) is
  'Auth hook before_user_created: counts a sign-up per IP address (private.take_rate_limit, action register) and returns an error with http_code 429 when over the limit. Callable by supabase_auth_admin only.';

revoke all on function public.hook_before_user_created_rate_limit(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.hook_before_user_created_rate_limit(jsonb) to supabase_auth_admin;
-- Auth resolves the hook as supabase_auth_admin (as Supabase's hook documentation sets up).
grant usage on schema public to supabase_auth_admin;
