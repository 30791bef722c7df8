-- Which registrations have had their printed numbers indexed (private.certificate_numbers), so that
-- the backfill of registrations saved before the number channel visits each one once: one whose
-- lines hold a label but no readable number used to be picked again on every backfill call, and
-- enough of them kept later registrations from ever being indexed.
alter table private.certificate_registrations
  add column numbers_indexed boolean not null default false;

update private.certificate_registrations r
set numbers_indexed = true
where exists (select 1 from private.certificate_numbers n where n.certificate_id = r.certificate_id);

create index certificate_registrations_numbers_not_indexed
  on private.certificate_registrations (certificate_id)
  where not numbers_indexed;
