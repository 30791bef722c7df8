-- Verification engine v2: what a later comparison needs about each registered certificate, kept
-- at registration so a verification never re-processes the original (docs/verification-pipeline.md).
create table private.certificate_registrations (
  certificate_id uuid primary key references public.certificates (id) on delete cascade,
  -- Bumped when the engine stores different features; rows of older versions are re-registered by the backfill.
  engine_version smallint not null,
  -- The canonical page (grey PNG, long side 1400 px) and its ORB keypoints (float32 x, y pairs in
  -- page pixels) with their 32-byte descriptors. All null for a PDF drawn in vector text only,
  -- which has no page picture here: it verifies by its exact bytes, and its lines are kept.
  page_width integer check (page_width > 0),
  page_height integer check (page_height > 0),
  page_png bytea,
  keypoints bytea,
  descriptors bytea,
  -- Text lines read at registration: [{ box: {x, y, width, height}, text, confidence, field }].
  lines jsonb not null default '[]'::jsonb,
  -- 64-bit perceptual hash of the page, for retrieval of candidates.
  page_hash bigint,
  registered_at timestamptz not null default now(),
  constraint certificate_registrations_page_complete check (
    (page_png is null) = (keypoints is null) and (page_png is null) = (descriptors is null)
    and (page_png is null) = (page_hash is null) and (page_png is null) = (page_width is null)
  )
);

comment on table private.certificate_registrations is
  'Verification engine v2: canonical page, keypoints, text lines and page hash of each registered certificate.';

-- A line read on a certificate, normalised (see readingKey in _shared/verification/fields.ts): finds
-- the sibling a copy really is when several certificates share one template.
create table private.certificate_readings (
  reading text not null,
  certificate_id uuid not null references public.certificates (id) on delete cascade,
  primary key (reading, certificate_id)
);

create index certificate_readings_certificate_idx on private.certificate_readings (certificate_id);

alter table private.certificate_registrations enable row level security;
alter table private.certificate_readings enable row level security;
revoke all on private.certificate_registrations, private.certificate_readings from public, anon, authenticated;
