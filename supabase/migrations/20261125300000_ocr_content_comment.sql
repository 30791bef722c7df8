-- The trigram index on certificates.ocr_content was dropped; its column comment still named it.
comment on column public.certificates.ocr_content is
  'Extracted text, kept for candidate lookups and review (no index: lookups go through certificate codes and fingerprints). Never returned by the public verification functions.';
